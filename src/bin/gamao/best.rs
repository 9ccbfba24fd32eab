//! `gamao best`: the computer's play for a position and roll, in `gamao moves`' format.
//!
//! ```text
//! gamao best [--level L] [--weights FILE] [--rules R] <POSITION_ID> <DICE> [<MATCH_ID>]
//! gamao best [--level L] [--weights FILE] [--rules R] [--match MATCH_ID]
//!                                                       (one answer line per stdin line)
//! ```
//! Levels: `expert` (the default, 2-ply), `intermediate`, `beginner` (0-ply with noise).
//! Given a Match ID, the play is chosen for its score and cube (match winning chances,
//! cubeful); without one, for cubeless money play.

use gamao::ai::{CubeSituation, Level, Searcher};
use gamao::notation::MatchId;
use gamao::rules::{MoveGen, RuleSet};

use crate::batch;
use crate::moves;
use crate::options::{load_evaluator, parse_rules};
use crate::output::outln;

/// Runs the `best` command with the arguments after `best`.
pub fn run(args: &[String]) -> Result<(), String> {
    let mut words = Vec::new();
    let mut weights = None;
    let mut rules = RuleSet::STANDARD;
    let mut level = Level::Expert;
    let mut match_id = None;
    let mut iter = args.iter();
    while let Some(arg) = iter.next() {
        match arg.as_str() {
            "--weights" => weights = Some(iter.next().ok_or("--weights needs a file")?.clone()),
            "--rules" => rules = parse_rules(iter.next().map(String::as_str))?,
            "--level" => {
                let name = iter.next().map_or("", String::as_str);
                level = Level::from_name(name).ok_or_else(|| {
                    format!("--level takes beginner, intermediate or expert, not {name:?}")
                })?;
            }
            "--match" => match_id = Some(iter.next().ok_or("--match needs a Match ID")?.clone()),
            flag if flag.starts_with("--") => return Err(format!("best: unknown option {flag}")),
            word => words.push(word),
        }
    }
    let evaluator = load_evaluator(weights.as_deref())?;
    let mut chooser = Chooser {
        searcher: Searcher::new(&evaluator, 0),
        movegen: MoveGen::new(),
        level,
        rules,
        match_id: match_id.as_deref().map(parse_match_id).transpose()?,
    };
    match words.as_slice() {
        [id, dice] => {
            outln!("{}", chooser.answer(id, dice)?);
            Ok(())
        }
        [id, dice, match_text] => {
            chooser.match_id = Some(parse_match_id(match_text)?);
            outln!("{}", chooser.answer(id, dice)?);
            Ok(())
        }
        [] => batch::answer_each_line("", |id, dice| chooser.answer(id, dice)),
        _ => Err("usage: gamao best [<POSITION_ID> <DICE> [<MATCH_ID>]]".into()),
    }
}

/// What picks the plays: the level's search and its buffers.
struct Chooser<'a> {
    searcher: Searcher<'a>,
    movegen: MoveGen,
    level: Level,
    rules: RuleSet,
    /// The score and cube to play for; cubeless money play when `None`.
    match_id: Option<MatchId>,
}

fn parse_match_id(text: &str) -> Result<MatchId, String> {
    text.parse()
        .map_err(|e| format!("bad Match ID {text:?}: {e}"))
}

impl Chooser<'_> {
    /// The chosen play's line for one Position ID and roll.
    fn answer(&mut self, id: &str, dice: &str) -> Result<String, String> {
        let (position, dice) = moves::parse(id, dice)?;
        let plays = self.movegen.generate(&position, dice, self.rules).to_vec();
        let situation = self
            .match_id
            .as_ref()
            .map(|id| CubeSituation::from_match_id(&position, id));
        self.searcher.set_stakes(situation);
        let best = self.searcher.choose(&plays, self.rules, self.level);
        plays
            .get(best)
            .map(moves::line)
            .ok_or_else(|| "no legal play generated".to_string())
    }
}
