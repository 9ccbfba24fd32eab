//! `gamao targets`, `gamao relabel` and `gamao fit` from the outside: stopped runs resume to the same
//! files, and damaged files are refused with a message.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use gamao::ai::{is_screening, RolledOut, Weights};

fn gamao(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gamao"))
        .args(args)
        .output()
        .unwrap()
}

/// A fresh scratch directory for one test, removed when the test ends.
struct Scratch(PathBuf);

impl std::ops::Deref for Scratch {
    type Target = Path;

    fn deref(&self) -> &Path {
        &self.0
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

fn scratch(name: &str) -> Scratch {
    let dir = std::env::temp_dir().join(format!("gamao-fit-cli-{}-{name}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    Scratch(dir)
}

/// The self-play weights (128 hidden units in each network, from the committed
/// checkpoint) written to `dir`, a fixed starting point whatever width ships.
fn self_play_weights(dir: &Path) -> PathBuf {
    let checkpoint = fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/weights/checkpoint.bin"
    ))
    .unwrap();
    let trainer = gamao::ai::Trainer::from_checkpoint(&checkpoint).unwrap();
    let file = dir.join("self-play.weights");
    fs::write(&file, trainer.evaluator().weights().to_bytes()).unwrap();
    file
}

/// The standard output of a run that must have succeeded (its errors shown if not).
fn succeeded(out: &Output) -> String {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// `gamao fit --data DATA --out OUT` and `extra`.
fn fit(data: &Path, out: &Path, extra: &[&str]) -> Output {
    let mut args = vec![
        "fit",
        "--data",
        data.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ];
    args.extend_from_slice(extra);
    gamao(&args)
}

/// Asserts that two fits wrote the same checkpoint and weights, byte for byte.
fn assert_same_fit(a: &Path, b: &Path) {
    for file in ["fit.bin", "gamao.weights"] {
        assert_eq!(
            fs::read(a.join(file)).unwrap(),
            fs::read(b.join(file)).unwrap(),
            "{file}"
        );
    }
}

fn text(path: &Path) -> String {
    fs::read_to_string(path).unwrap()
}

fn targets(file: &Path, extra: &[&str]) -> Output {
    let mut args = vec!["targets", "--out", file.to_str().unwrap()];
    args.extend_from_slice(extra);
    gamao(&args)
}

/// `gamao relabel --data DATA --out OUT`, with `--trials N` when given.
fn relabel(data: &Path, out: &Path, options: &[&str]) -> Output {
    let mut args = vec![
        "relabel",
        "--data",
        data.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ];
    args.extend(options);
    gamao(&args)
}

#[test]
fn a_stopped_targets_run_resumes_to_the_uninterrupted_file() {
    let dir = scratch("targets");
    for (name, alternatives) in [("plain", "0"), ("alternatives", "2")] {
        let whole = dir.join(format!("{name}-whole.txt"));
        succeeded(&targets(
            &whole,
            &[
                "--seed",
                "4",
                "--plies",
                "1",
                "--keep",
                "3",
                "--alternatives",
                alternatives,
                "--games",
                "6",
            ],
        ));
        let expected = text(&whole);
        assert!(expected.lines().count() > 20, "{expected}");
        assert_eq!(expected.contains(" alternatives 2 "), alternatives == "2");

        // Stopped in the middle of a line of game 3 or so.
        let stopped = dir.join(format!("{name}-stopped.txt"));
        fs::write(&stopped, &expected[..expected.len() * 3 / 5]).unwrap();
        let refused = targets(&stopped, &["--seed", "4", "--games", "6"]);
        assert!(!refused.status.success());
        let refused = targets(&stopped, &["--resume", "--alternatives", "1"]);
        assert!(!refused.status.success());
        succeeded(&targets(&stopped, &["--resume", "--games", "6"]));
        assert_eq!(text(&stopped), expected);
    }
    for (flag, value) in [("--alternatives", "256"), ("--plies", "4")] {
        let refused = targets(&dir.join("none.txt"), &["--seed", "1", flag, value]);
        assert!(!refused.status.success(), "{flag} {value}");
        assert!(!dir.join("none.txt").exists());
    }
}

#[test]
fn a_screening_fit_learns_the_networks_outputs_from_its_cheap_inputs_and_resumes_exactly() {
    let dir = scratch("screening");
    let data = dir.join("targets.txt");
    let labels = [
        "--seed",
        "5",
        "--plies",
        "0",
        "--alternatives",
        "255",
        "--games",
        "12",
    ];
    succeeded(&targets(&data, &labels));
    // 0-ply labels are the shipped network's own outputs, on every play of each roll.
    let lines = text(&data).lines().count();
    assert!(lines > 1_000, "{lines} lines");
    let screening = ["--screening", "--hidden", "8", "--rate", "0.003"];
    let fit_data = |out: &Path, extra: &[&str]| fit(&data, out, &[&screening[..], extra].concat());

    let straight = dir.join("straight");
    let log = succeeded(&fit_data(&straight, &["--epochs", "2"]));
    assert!(log.contains("hidden units: contact 8, race 8"), "{log}");
    let validation = |epoch: u32| -> f64 {
        let line = log
            .lines()
            .find(|line| line.starts_with(&format!("epoch {epoch} |")))
            .unwrap_or_else(|| panic!("{log}"));
        let after = line.split("validation ").nth(1).unwrap();
        after.split(' ').next().unwrap().parse().unwrap()
    };
    assert!(validation(2) < validation(0) / 2.0, "{log}");
    let weights = Weights::from_bytes(&fs::read(straight.join("gamao.weights")).unwrap()).unwrap();
    assert!(is_screening(&weights.contact) && is_screening(&weights.race));

    // Stopped and resumed, it is known again by its weights and ends the same.
    let halves = dir.join("halves");
    succeeded(&fit_data(&halves, &["--epochs", "1"]));
    let refused = fit_data(&halves, &["--epochs", "2", "--resume"]);
    assert!(!refused.status.success());
    succeeded(&fit(&data, &halves, &["--epochs", "2", "--resume"]));
    assert_same_fit(&straight, &halves);
}

#[test]
fn a_resumed_fit_writes_the_weights_of_an_uninterrupted_one() {
    let dir = scratch("fit");
    let data = dir.join("targets.txt");
    succeeded(&targets(
        &data,
        &["--seed", "2", "--plies", "1", "--games", "12"],
    ));
    let fit_data = |out: &Path, extra: &[&str]| {
        succeeded(&fit(
            &data,
            out,
            &[&["--rate", "0.001"][..], extra].concat(),
        ))
    };
    let straight = dir.join("straight");
    let log = fit_data(&straight, &["--epochs", "2"]);
    assert!(
        log.contains("epoch 0 |") && log.contains("epoch 2 |"),
        "{log}"
    );
    let halves = dir.join("halves");
    fit_data(&halves, &["--epochs", "1"]);
    fit_data(&halves, &["--epochs", "2", "--resume"]);
    assert_same_fit(&straight, &halves);
}

#[test]
fn a_widened_fit_starts_from_the_same_losses_and_resumes_exactly() {
    let dir = scratch("widened");
    let data = dir.join("targets.txt");
    succeeded(&targets(
        &data,
        &["--seed", "3", "--plies", "1", "--games", "12"],
    ));
    let from = self_play_weights(&dir);
    let fit_data = |out: &Path, extra: &[&str]| {
        let mut args = vec!["--rate", "0.001"];
        // A resumed fit starts from its checkpoint, never from a weights file.
        if !extra.contains(&"--resume") {
            args.extend(["--from", from.to_str().unwrap()]);
        }
        args.extend_from_slice(extra);
        fit(&data, out, &args)
    };
    let epoch_zero = |log: &str| {
        log.lines()
            .find(|line| line.starts_with("epoch 0 |"))
            .map(str::to_owned)
    };
    let widths = ["--hidden", "160", "--race-hidden", "136"];

    // Given the self-play networks and the same networks widened,
    let plain = succeeded(&fit_data(&dir.join("plain"), &["--epochs", "1"]));
    let straight = dir.join("straight");
    let widened = succeeded(&fit_data(
        &straight,
        &[&["--epochs", "2"][..], &widths].concat(),
    ));
    // then the widened ones start from the same losses, to every printed digit,
    assert!(
        widened.contains("hidden units: contact 160, race 136"),
        "{widened}"
    );
    assert!(
        plain.contains("hidden units: contact 128, race 128"),
        "{plain}"
    );
    assert_eq!(epoch_zero(&widened), epoch_zero(&plain));
    assert!(epoch_zero(&plain).is_some(), "{plain}");
    let weights = Weights::from_bytes(&fs::read(straight.join("gamao.weights")).unwrap()).unwrap();
    assert_eq!(weights.contact.hidden_units(), 160);
    assert_eq!(weights.race.hidden_units(), 136);

    // and a widened fit stopped and resumed ends as the uninterrupted one.
    let halves = dir.join("halves");
    succeeded(&fit_data(
        &halves,
        &[&["--epochs", "1"][..], &widths].concat(),
    ));
    let refused = fit_data(&halves, &["--epochs", "2", "--resume", "--hidden", "160"]);
    assert!(!refused.status.success());
    succeeded(&fit_data(&halves, &["--epochs", "2", "--resume"]));
    assert_same_fit(&straight, &halves);
}

#[test]
fn narrowing_or_too_many_hidden_units_is_refused_before_any_file_is_written() {
    let dir = scratch("narrowing");
    let data = dir.join("targets.txt");
    assert!(targets(&data, &["--seed", "1", "--games", "1"])
        .status
        .success());
    let from = self_play_weights(&dir);
    for (flag, units, expected) in [
        (
            "--hidden",
            "64",
            "contact network: cannot narrow a network of 128 hidden units to 64",
        ),
        (
            "--race-hidden",
            "257",
            "race network: 257 hidden units is more than the largest network, 256",
        ),
        (
            "--contact-hidden",
            "many",
            "--contact-hidden takes a number",
        ),
    ] {
        let out_dir = dir.join(units);
        let out = fit(
            &data,
            &out_dir,
            &["--from", from.to_str().unwrap(), flag, units],
        );
        assert!(!out.status.success());
        let message = String::from_utf8_lossy(&out.stderr);
        assert!(message.contains(expected), "{message}");
        assert!(!out_dir.exists());
    }
}

#[test]
fn damaged_files_are_refused_with_a_message() {
    let dir = scratch("damaged");
    let data = dir.join("targets.txt");
    fs::write(
        &data,
        "# gamao targets v1 seed 1 plies 2 keep 1 weights 00000000000000ff\n\
         0 4HPwATDgc/ABMA 0.5 0.1 0.0 0.1\n",
    )
    .unwrap();
    let out = fit(&data, &dir, &[]);
    assert!(!out.status.success());
    let message = String::from_utf8_lossy(&out.stderr);
    assert!(message.contains("line 2: 6 fields, not 7"), "{message}");
    assert!(!dir.join("fit.bin").exists());

    let made = dir.join("made.txt");
    assert!(targets(&made, &["--seed", "1", "--games", "1"])
        .status
        .success());
    fs::write(dir.join("fit.bin"), b"GAMAOFIT not really").unwrap();
    let out = fit(&made, &dir, &["--resume"]);
    assert!(!out.status.success());
    let message = String::from_utf8_lossy(&out.stderr);
    assert!(message.contains("fit checkpoint"), "{message}");
}

#[test]
fn relabelled_crashed_or_contact_positions_resume_to_the_same_file_and_the_rest_is_copied() {
    let dir = scratch("relabel");
    let data = dir.join("targets.txt");
    // Three crashed positions (GNU Backgammon's class), the start and a race.
    let ids = [
        "u9uGAAAAAAADAA",
        "4HPwATDgc/ABMA",
        "DgAA2Na2QCQAAA",
        "AAAUuHcAAAAAAA",
        "a7eBACEWAAAYAA",
    ];
    let mut written =
        "# gamao targets v1 seed 3 plies 2 keep 1 weights 00000000000000ff\n".to_string();
    for (game, id) in ids.iter().enumerate() {
        written.push_str(&format!(
            "{game} {id} 0.500000 0.100000 0.000000 0.100000 0.000000\n"
        ));
    }
    fs::write(&data, &written).unwrap();
    let relabel_36 = |out: &Path| relabel(&data, out, &["--trials", "36"]);
    let whole = dir.join("whole.txt");
    succeeded(&relabel_36(&whole));
    let expected = text(&whole);
    let (settings, relabelled) = gamao::ai::parse_targets(&expected).unwrap();
    let rollouts = settings.rollouts.expect("the header says how");
    assert_eq!(rollouts.class, RolledOut::Crashed);
    assert_eq!(rollouts.trials, 36);
    assert_eq!(rollouts.weights, Weights::builtin().unwrap().checksum());
    let (_, original) = gamao::ai::parse_targets(&written).unwrap();
    for (i, (before, after)) in original.iter().zip(&relabelled).enumerate() {
        assert_eq!(before.position, after.position);
        // Only the crashed ones (the first, third and fifth) are labelled again.
        assert_eq!(before.chances == after.chances, i == 1 || i == 3, "{i}");
    }

    let stopped = dir.join("stopped.txt");
    fs::write(&stopped, &expected[..expected.len() * 3 / 5]).unwrap();
    succeeded(&relabel_36(&stopped));
    assert_eq!(text(&stopped), expected);
    // A file relabelled already is refused, and so is an output made otherwise.
    let again = relabel(&whole, &dir.join("twice.txt"), &[]);
    assert!(!again.status.success());
    for options in [&["--trials", "72"][..], &["--trials", "36", "--contact"]] {
        let other = relabel(&data, &whole, options);
        assert!(!other.status.success(), "{options:?}");
    }
    assert_eq!(text(&whole), expected);

    // With --contact every position in contact is rolled out, each as the crashed
    // class's run rolls it out, and only the race keeps its label.
    let contact = dir.join("contact.txt");
    succeeded(&relabel(&data, &contact, &["--trials", "36", "--contact"]));
    let (settings, in_contact) = gamao::ai::parse_targets(&text(&contact)).unwrap();
    let rollouts = settings.rollouts.expect("the header says how");
    assert_eq!(rollouts.class, RolledOut::Contact);
    for (i, ((before, crashed), after)) in original
        .iter()
        .zip(&relabelled)
        .zip(&in_contact)
        .enumerate()
    {
        assert_eq!(before.chances == after.chances, i == 3, "{i}");
        if i != 1 {
            assert_eq!(crashed.chances, after.chances, "{i}");
        }
    }
    // With --reduced the same positions are rolled out with the luck taken out: other
    // chances, the race still copied, and a plain run refused on the reduced output.
    let reduced = dir.join("reduced.txt");
    let reduced_options = ["--trials", "36", "--contact", "--reduced"];
    succeeded(&relabel(&data, &reduced, &reduced_options));
    let (settings, in_reduced) = gamao::ai::parse_targets(&text(&reduced)).unwrap();
    assert!(settings.rollouts.is_some_and(|r| r.variance_reduction));
    for (i, (plain, after)) in in_contact.iter().zip(&in_reduced).enumerate() {
        assert_eq!(plain.chances == after.chances, i == 3, "{i}");
    }
    let reduced_text = text(&reduced);
    assert!(!relabel(&data, &reduced, &["--trials", "36", "--contact"])
        .status
        .success());
    assert!(!relabel(&data, &contact, &reduced_options).status.success());
    assert_eq!(text(&reduced), reduced_text);

    // With --games 2, those of games 0 and 1 only; the rest is copied.
    let first_two = dir.join("first-two.txt");
    succeeded(&relabel(
        &data,
        &first_two,
        &["--trials", "36", "--contact", "--games", "2"],
    ));
    let (settings, in_first_two) = gamao::ai::parse_targets(&text(&first_two)).unwrap();
    assert_eq!(settings.rollouts.and_then(|r| r.games), Some(2));
    for (i, (before, after)) in original.iter().zip(&in_first_two).enumerate() {
        let expected = if i < 2 { &in_contact[i] } else { before };
        assert_eq!(after, expected, "{i}");
    }
}

#[test]
fn a_closed_out_pair_is_rolled_out_to_about_gnu_backgammons_chances() {
    // Two checkers on the bar against a closed board, 13 of the other side's borne
    // off: GNU Backgammon gives the closed-out side 0.36 to win. A 2-ply label said
    // 0.71 before the last checkers' database; the line's own 0.5 is a placeholder.
    // 288 trials leave about 0.03 of noise.
    let dir = scratch("relabel-closed-out");
    let data = dir.join("targets.txt");
    fs::write(
        &data,
        "# gamao targets v1 seed 3 plies 2 keep 1 weights 00000000000000ff\n\
         0 u9uGAAAAAAADAA 0.500000 0.100000 0.000000 0.100000 0.000000\n",
    )
    .unwrap();
    let out = dir.join("out.txt");
    succeeded(&relabel(&data, &out, &["--trials", "288"]));
    let (_, relabelled) = gamao::ai::parse_targets(&text(&out)).unwrap();
    let win = relabelled[0].chances[0];
    assert!((win - 0.36).abs() < 0.1, "{win}");
}
