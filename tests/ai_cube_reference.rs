//! Cube decisions agree with GNU Backgammon's, given GNU Backgammon's own chances.
//!
//! `tests/data/gnubg_cube.txt` (made by `tests/gnubg/make_cube_reference.py`) holds
//! 1,214 decisions GNU Backgammon 1.07 made at 0-ply, at money and at match scores,
//! with the cubeless chances it made them from. Feeding those chances to
//! `cube_advice` isolates the cube logic from the evaluator.

use gamao::ai::{cube_advice, CubeAction, CubeSituation, Probabilities};
use gamao::notation::{MatchId, PositionId};

struct Decision {
    situation: CubeSituation,
    chances: Probabilities,
    gnubg_doubles: bool,
    gnubg_takes: bool,
    text: String,
}

fn decisions() -> Vec<Decision> {
    include_str!("data/gnubg_cube.txt")
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|line| {
            let (data, action) = line.split_once(" | ").expect("a decision line");
            let fields: Vec<&str> = data.split_whitespace().collect();
            let position = fields[0]
                .parse::<PositionId>()
                .expect("gnubg's Position ID")
                .0;
            let id: MatchId = fields[1].parse().expect("gnubg's Match ID");
            let n: Vec<f32> = fields[2..7].iter().map(|f| f.parse().unwrap()).collect();
            Decision {
                situation: CubeSituation::from_match_id(&position, &id),
                chances: Probabilities {
                    win: n[0],
                    win_gammon: n[1],
                    win_backgammon: n[2],
                    lose_gammon: n[3],
                    lose_backgammon: n[4],
                },
                gnubg_doubles: action.starts_with("Double") || action.starts_with("Redouble"),
                gnubg_takes: action.contains("take") || action.contains("beaver"),
                text: action.to_string(),
            }
        })
        .collect()
}

#[test]
fn cube_decisions_agree_with_gnubg_given_its_chances() {
    let all = decisions();
    assert!(all.len() > 1000);
    let (mut same_double, mut same_take, mut gross) = (0, 0, Vec::new());
    for d in &all {
        let ours = cube_advice(&d.chances, &d.situation);
        let we_double = matches!(ours.action, CubeAction::DoubleTake | CubeAction::DoublePass);
        same_double += usize::from(we_double == d.gnubg_doubles);
        same_take += usize::from(ours.take == d.gnubg_takes);
        // A gross error: passing what gnubg takes by a wide margin, or the reverse.
        if ours.take != d.gnubg_takes && (d.chances.win < 0.6 || d.chances.win > 0.9) {
            gross.push(format!(
                "{:?} {:?} ours {:?} gnubg {}",
                d.situation, d.chances, ours, d.text
            ));
        }
    }
    let n = all.len() as f64;
    let (doubles, takes) = (same_double as f64 / n, same_take as f64 / n);
    assert!(doubles > 0.94, "double / no double agrees on {doubles:.3}");
    assert!(takes > 0.99, "take / pass agrees on {takes:.3}");
    assert!(
        gross.is_empty(),
        "clear-cut takes or passes decided the other way: {gross:#?}"
    );
}

#[test]
fn too_good_and_no_double_are_told_apart_like_gnubg() {
    // Of the positions where neither doubles, gnubg's "too good" ones are ours too.
    let all = decisions();
    let too_good: Vec<&Decision> = all
        .iter()
        .filter(|d| d.text.starts_with("Too good"))
        .collect();
    let agreeing = too_good
        .iter()
        .filter(|d| cube_advice(&d.chances, &d.situation).action == CubeAction::TooGoodToDouble)
        .count();
    assert!(too_good.len() > 100);
    assert!(
        agreeing as f64 / too_good.len() as f64 > 0.85,
        "{agreeing} of {}",
        too_good.len()
    );
}
