//! `gamao cube`: the computer's cube advice for a position, at money or a match score.
//!
//! ```text
//! gamao cube [--weights FILE] <POSITION_ID> [<MATCH_ID>]
//! ```
//! Without a Match ID: a money game, cube centred at 1, the Position ID's player on roll.
//! The advice is the expert's: cubeful equities looked at 2 plies deep, or 3 where the
//! decision is close (`Searcher::level_cube_advice`), so it is what the expert does and
//! what the page's hint says. The chances printed with it are the cubeless ones the same look
//! saw, at the depth it printed.

use gamao::ai::{CubeAction, CubeLook, CubeSituation, Level, Score, Searcher};
use gamao::notation::{MatchId, PositionId};
use gamao::rules::RuleSet;

use crate::options::load_evaluator;
use crate::output::outln;

/// Runs the `cube` command with the arguments after `cube`.
pub fn run(args: &[String]) -> Result<(), String> {
    let mut words = Vec::new();
    let mut weights = None;
    let mut iter = args.iter();
    while let Some(arg) = iter.next() {
        match arg.as_str() {
            "--weights" => weights = Some(iter.next().ok_or("--weights needs a file")?.clone()),
            flag if flag.starts_with("--") => return Err(format!("cube: unknown option {flag}")),
            word => words.push(word),
        }
    }
    let (position_text, match_text) = match words.as_slice() {
        [position] => (*position, "cAkAAAAAAAAA"),
        [position, id] => (*position, *id),
        _ => return Err("usage: gamao cube <POSITION_ID> [<MATCH_ID>]".into()),
    };
    let position = position_text
        .parse::<PositionId>()
        .map_err(|e| format!("bad Position ID {position_text:?}: {e}"))?
        .0;
    let id: MatchId = match_text
        .parse()
        .map_err(|e| format!("bad Match ID {match_text:?}: {e}"))?;
    let evaluator = load_evaluator(weights.as_deref())?;
    let situation = CubeSituation::from_match_id(&position, &id);
    let CubeLook {
        advice,
        chances,
        plies,
    } = Searcher::new(&evaluator, 0).level_cube_advice(
        &position,
        RuleSet::STANDARD,
        &situation,
        Level::Expert,
    );
    let unit = match situation.score {
        Score::Money => "points",
        Score::Match { .. } => "match winning chance",
    };
    outln!(
        "chances ({plies}-ply): win {:.3} (gammon {:.3}, backgammon {:.3}), lose gammon {:.3}, backgammon {:.3}",
        chances.win,
        chances.win_gammon,
        chances.win_backgammon,
        chances.lose_gammon,
        chances.lose_backgammon
    );
    outln!("no double     {:+.3} {unit}", advice.no_double);
    outln!("double, take  {:+.3}", advice.double_take);
    outln!("double, pass  {:+.3}", advice.double_pass);
    let action = match advice.action {
        CubeAction::Unavailable => "no double possible",
        CubeAction::NoDouble => "no double",
        CubeAction::DoubleTake => "double",
        CubeAction::DoublePass => "double",
        CubeAction::TooGoodToDouble => "too good to double",
    };
    let answer = if advice.take { "take" } else { "pass" };
    outln!("proper cube action: {action}, {answer}");
    Ok(())
}
