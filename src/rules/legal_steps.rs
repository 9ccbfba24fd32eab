//! Move-by-move legality within one turn, for interfaces that move one checker at a time.
//!
//! A step is accepted only if the steps made so far plus it can still be completed into
//! a legal play: the must-play rules (use as many dice as possible, the larger die,
//! fewest wasted pips when chosen) hold for every step, not only at the end.

use std::fmt;

use serde::Serialize;

use super::dice::Dice;
use super::movegen::MoveGen;
use super::play::Play;
use super::position::Position;
use super::rule_set::RuleSet;
use super::step::{Step, StepError, BAR, OFF};

/// Why a step is refused in the middle of a turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind")]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify), tsify(missing_as_null))]
pub enum TurnError {
    /// The single-step rules forbid it (blocked point, bar first, bearing off…).
    Step(StepError),
    /// Every die of the turn has been played.
    TurnComplete,
    /// After this step the remaining dice could not all be played, though another
    /// sequence plays them all.
    MustUseMoreDice,
    /// Only one die can be played, and it must be this one (the larger when possible).
    MustPlayDie { die: u8 },
    /// Another sequence wastes fewer pips bearing off (rule "minimise wasted pips").
    WastesPips,
}

impl fmt::Display for TurnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TurnError::Step(e) => e.fmt(f),
            TurnError::TurnComplete => f.write_str("every die has been played"),
            TurnError::MustUseMoreDice => {
                f.write_str("that move would leave a die unplayed; play all the dice you can")
            }
            TurnError::MustPlayDie { die } => {
                write!(f, "only one die can be played, and it must be the {die}")
            }
            TurnError::WastesPips => {
                f.write_str("another play wastes fewer pips bearing off; play that one")
            }
        }
    }
}

impl std::error::Error for TurnError {}

impl From<StepError> for TurnError {
    fn from(e: StepError) -> TurnError {
        TurnError::Step(e)
    }
}

/// A point a checker can reach this turn, and the steps that take it there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Destination {
    pub to: u8,
    pub steps: Vec<Step>,
}

/// The turn in progress: the position at the start, the dice, the steps made so far.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TurnSteps {
    start: Position,
    current: Position,
    dice: Dice,
    rules: RuleSet,
    made: Play,
    /// How many dice a legal play uses.
    dice_to_use: usize,
    /// When only one die can be played: the die it must be.
    only_die: Option<u8>,
    /// With "minimise wasted pips": the pips every legal play wastes.
    wasted_pips: Option<u8>,
}

impl TurnSteps {
    /// The start of a turn with `dice` in `position`.
    #[must_use]
    pub fn new(position: Position, dice: Dice, rules: RuleSet) -> TurnSteps {
        let mut movegen = MoveGen::new();
        let plays = movegen.generate(&position, dice, rules);
        let sample = plays[0].play;
        TurnSteps {
            start: position,
            current: position,
            dice,
            rules,
            made: Play::NONE,
            dice_to_use: sample.len(),
            only_die: (sample.len() == 1).then(|| sample.steps()[0].die),
            wasted_pips: rules.minimise_wasted_pips.then(|| sample.wasted_pips()),
        }
    }

    /// The position before any step of this turn.
    #[must_use]
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The position after the steps made so far.
    #[must_use]
    pub fn current(&self) -> &Position {
        &self.current
    }

    /// The roll being played.
    #[must_use]
    pub fn dice(&self) -> Dice {
        self.dice
    }

    /// The steps made so far, as a play.
    #[must_use]
    pub fn play(&self) -> Play {
        self.made
    }

    /// Whether the steps made so far are a whole legal play.
    #[must_use]
    pub fn is_complete(&self) -> bool {
        self.made.len() == self.dice_to_use
    }

    /// How many dice a legal play of this roll uses (0 when no move is possible).
    #[must_use]
    pub fn dice_to_use(&self) -> usize {
        self.dice_to_use
    }

    /// The dice not yet played, larger first; a double lists its die up to four times.
    #[must_use]
    pub fn dice_left(&self) -> Vec<u8> {
        let mut left: Vec<u8> = match self.dice {
            Dice::Mixed(a, b) => vec![a, b],
            Dice::Double(d) => vec![d; 4],
        };
        for step in self.made.steps() {
            if let Some(i) = left.iter().position(|&d| d == step.die) {
                left.remove(i);
            }
        }
        left
    }

    /// Every step that can be made now and still be completed into a legal play.
    #[must_use]
    pub fn legal_next_steps(&self) -> Vec<Step> {
        let mut steps = Vec::new();
        if self.is_complete() {
            return steps;
        }
        let mut left = self.dice_left();
        left.dedup();
        for &die in &left {
            for from in (1..=BAR).rev() {
                if let Ok(step) = self.current.check_step(from, die) {
                    if self.check_completion(step).is_ok() {
                        steps.push(step);
                    }
                }
            }
        }
        steps
    }

    /// Every point the checker on `from` can reach this turn, with one die or several,
    /// each with the steps that take it there (the larger die first when two paths
    /// lead to the same point).
    #[must_use]
    pub fn destinations(&self, from: u8) -> Vec<Destination> {
        let mut found: Vec<Destination> = Vec::new();
        let mut frontier = vec![(self.clone(), from, Vec::new())];
        while let Some((turn, at, path)) = frontier.pop() {
            for step in turn.legal_next_steps().into_iter().filter(|s| s.from == at) {
                let mut steps = path.clone();
                steps.push(step);
                let known = found.iter_mut().find(|d| d.to == step.to);
                match known {
                    Some(d) if d.steps.len() <= steps.len() => continue,
                    Some(d) => d.steps.clone_from(&steps),
                    None => found.push(Destination {
                        to: step.to,
                        steps: steps.clone(),
                    }),
                }
                if step.to != OFF {
                    let mut next = turn.clone();
                    next.push_unchecked(step);
                    frontier.insert(0, (next, step.to, steps));
                }
            }
        }
        found.sort_unstable_by_key(|d| std::cmp::Reverse(d.to));
        found
    }

    /// Makes one step if it keeps the turn completable into a legal play.
    ///
    /// # Errors
    /// A [`TurnError`] saying why; the turn is then unchanged.
    pub fn make_step(&mut self, from: u8, die: u8) -> Result<Step, TurnError> {
        if self.is_complete() {
            return Err(TurnError::TurnComplete);
        }
        if !self.dice_left().contains(&die) {
            return Err(StepError::NoSuchDie { die }.into());
        }
        let step = self.current.check_step(from, die)?;
        self.check_completion(step)?;
        self.push_unchecked(step);
        Ok(step)
    }

    /// Takes back the last step made this turn, if any.
    pub fn undo_step(&mut self) -> Option<Step> {
        let step = self.made.pop()?;
        self.current.undo_step_unchecked(step);
        Some(step)
    }

    fn push_unchecked(&mut self, step: Step) {
        self.current.apply_step_unchecked(step);
        self.made.push(step);
    }

    /// Whether `step`, made now, can be completed into a legal play; if not, why.
    fn check_completion(&self, step: Step) -> Result<(), TurnError> {
        if let Some(die) = self.only_die {
            if step.die != die {
                return Err(TurnError::MustPlayDie { die });
            }
        }
        let mut board = self.current;
        board.apply_step_unchecked(step);
        let mut left = self.dice_left();
        if let Some(i) = left.iter().position(|&d| d == step.die) {
            left.remove(i);
        }
        let needed = self.dice_to_use - self.made.len() - 1;
        let wasted = self.made.wasted_pips() + step.wasted_pips();
        let mut any_waste = None;
        if completions(&mut board, &mut left, needed, wasted, &mut |w| {
            any_waste = Some(w);
            self.wasted_pips.is_none_or(|least| least == w)
        }) {
            Ok(())
        } else if any_waste.is_some() {
            Err(TurnError::WastesPips)
        } else {
            Err(TurnError::MustUseMoreDice)
        }
    }
}

/// Whether `needed` more steps can be made with the dice `left`, calling `accept` with
/// the total wasted pips of each full completion until it returns true.
fn completions(
    board: &mut Position,
    left: &mut Vec<u8>,
    needed: usize,
    wasted: u8,
    accept: &mut impl FnMut(u8) -> bool,
) -> bool {
    if needed == 0 {
        return accept(wasted);
    }
    for i in 0..left.len() {
        let die = left[i];
        if left[..i].contains(&die) {
            continue;
        }
        for from in (1..=BAR).rev() {
            let Ok(step) = board.check_step(from, die) else {
                continue;
            };
            board.apply_step_unchecked(step);
            left.remove(i);
            let done = completions(board, left, needed - 1, wasted + step.wasted_pips(), accept);
            left.insert(i, die);
            board.undo_step_unchecked(step);
            if done {
                return true;
            }
        }
    }
    false
}
