//! `gamao targets` and `gamao fit` from the outside: stopped runs resume to the same
//! files, and damaged files are refused with a message.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use gamao::ai::Weights;

fn gamao(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gamao"))
        .args(args)
        .output()
        .unwrap()
}

/// A fresh scratch directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("gamao-fit-cli-{}-{name}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

fn text(path: &Path) -> String {
    fs::read_to_string(path).unwrap()
}

fn targets(file: &Path, extra: &[&str]) -> Output {
    let mut args = vec!["targets", "--out", file.to_str().unwrap()];
    args.extend_from_slice(extra);
    gamao(&args)
}

#[test]
fn a_stopped_targets_run_resumes_to_the_uninterrupted_file() {
    let dir = scratch("targets");
    let whole = dir.join("whole.txt");
    let out = targets(
        &whole,
        &["--seed", "4", "--plies", "1", "--keep", "3", "--games", "6"],
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let expected = text(&whole);
    assert!(expected.lines().count() > 20, "{expected}");

    // Stopped in the middle of a line of game 3 or so.
    let stopped = dir.join("stopped.txt");
    fs::write(&stopped, &expected[..expected.len() * 3 / 5]).unwrap();
    let refused = targets(&stopped, &["--seed", "4", "--games", "6"]);
    assert!(!refused.status.success());
    let out = targets(&stopped, &["--resume", "--games", "6"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(text(&stopped), expected);
}

#[test]
fn a_resumed_fit_writes_the_weights_of_an_uninterrupted_one() {
    let dir = scratch("fit");
    let data = dir.join("targets.txt");
    let out = targets(&data, &["--seed", "2", "--plies", "1", "--games", "12"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let fit = |out: &Path, epochs: &str, resume: bool| {
        let mut args = vec![
            "fit",
            "--data",
            data.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
            "--epochs",
            epochs,
            "--rate",
            "0.001",
        ];
        if resume {
            args.push("--resume");
        }
        let result = gamao(&args);
        assert!(
            result.status.success(),
            "{}",
            String::from_utf8_lossy(&result.stderr)
        );
        String::from_utf8_lossy(&result.stdout).into_owned()
    };
    let straight = dir.join("straight");
    let log = fit(&straight, "2", false);
    assert!(
        log.contains("epoch 0 |") && log.contains("epoch 2 |"),
        "{log}"
    );
    let halves = dir.join("halves");
    fit(&halves, "1", false);
    fit(&halves, "2", true);
    for file in ["fit.bin", "gamao.weights"] {
        assert_eq!(
            fs::read(straight.join(file)).unwrap(),
            fs::read(halves.join(file)).unwrap(),
            "{file}"
        );
    }
}

#[test]
fn a_widened_fit_starts_from_the_same_losses_and_resumes_exactly() {
    let dir = scratch("widened");
    let data = dir.join("targets.txt");
    let out = targets(&data, &["--seed", "3", "--plies", "1", "--games", "12"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let fit = |out: &Path, extra: &[&str]| {
        let mut args = vec![
            "fit",
            "--data",
            data.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
            "--rate",
            "0.001",
        ];
        args.extend_from_slice(extra);
        gamao(&args)
    };
    let log = |result: &Output| {
        assert!(
            result.status.success(),
            "{}",
            String::from_utf8_lossy(&result.stderr)
        );
        String::from_utf8_lossy(&result.stdout).into_owned()
    };
    let epoch_zero = |log: &str| {
        log.lines()
            .find(|line| line.starts_with("epoch 0 |"))
            .map(str::to_owned)
    };
    let widths = ["--hidden", "160", "--race-hidden", "136"];

    // Given the shipped networks and the same networks widened,
    let plain = log(&fit(&dir.join("plain"), &["--epochs", "1"]));
    let straight = dir.join("straight");
    let widened = log(&fit(&straight, &[&["--epochs", "2"][..], &widths].concat()));
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
    log(&fit(&halves, &[&["--epochs", "1"][..], &widths].concat()));
    let refused = fit(&halves, &["--epochs", "2", "--resume", "--hidden", "160"]);
    assert!(!refused.status.success());
    log(&fit(&halves, &["--epochs", "2", "--resume"]));
    for file in ["fit.bin", "gamao.weights"] {
        assert_eq!(
            fs::read(straight.join(file)).unwrap(),
            fs::read(halves.join(file)).unwrap(),
            "{file}"
        );
    }
}

#[test]
fn narrowing_or_too_many_hidden_units_is_refused_before_any_file_is_written() {
    let dir = scratch("narrowing");
    let data = dir.join("targets.txt");
    assert!(targets(&data, &["--seed", "1", "--games", "1"])
        .status
        .success());
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
        let out = gamao(&[
            "fit",
            "--data",
            data.to_str().unwrap(),
            "--out",
            out_dir.to_str().unwrap(),
            flag,
            units,
        ]);
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
    let out = gamao(&[
        "fit",
        "--data",
        data.to_str().unwrap(),
        "--out",
        dir.to_str().unwrap(),
    ]);
    assert!(!out.status.success());
    let message = String::from_utf8_lossy(&out.stderr);
    assert!(message.contains("line 2: 6 fields, not 7"), "{message}");
    assert!(!dir.join("fit.bin").exists());

    let made = dir.join("made.txt");
    assert!(targets(&made, &["--seed", "1", "--games", "1"])
        .status
        .success());
    fs::write(dir.join("fit.bin"), b"GAMAOFIT not really").unwrap();
    let out = gamao(&[
        "fit",
        "--data",
        made.to_str().unwrap(),
        "--out",
        dir.to_str().unwrap(),
        "--resume",
    ]);
    assert!(!out.status.success());
    let message = String::from_utf8_lossy(&out.stderr);
    assert!(message.contains("fit checkpoint"), "{message}");
}
