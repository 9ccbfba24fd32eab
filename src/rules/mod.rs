//! The rules of backgammon: sides, dice, positions, checker steps and legal plays.
//!
//! Everything here is seen from the side on roll, the *mover*: its points are
//! numbered 1–24 towards its home board (points 1–6), [`BAR`] is 25 and [`OFF`] is 0.

mod dice;
mod legal_steps;
mod movegen;
mod play;
mod position;
mod rule_set;
mod side;
mod step;
mod win;

pub use dice::{CryptoDice, Dice, DiceError, DiceGen, DiceGenError, ScriptedDice, SeededDice};
pub use legal_steps::{Destination, TurnError, TurnSteps};
pub use movegen::{LegalPlay, MoveGen};
pub use play::Play;
pub use position::{BoardSetup, Player, Position, PositionError, SideSetup, CHECKERS};
pub use rule_set::RuleSet;
pub use side::{BySide, Side};
pub use step::{Step, StepError, BAR, OFF};
pub use win::WinKind;
