//! The two time controls of the sources, to the millisecond, with the time passed in.
//!
//! Only the clock of the side that must act runs. An *action* (rolling or doubling,
//! moving until the end of the turn, answering a cube or resignation offer) starts when
//! the side must act ([`Clock::start`]) and ends when it is done ([`Clock::settle`]).
//!
//! - Time bank (seed 000): each action has a 15 s move timer; after it the bank runs
//!   down. The bank starts at 20 s; a finished action adds 5 s × the unused share of the
//!   15 s, up to a 120 s cap. An empty bank loses the match.
//! - Reserve (seed 001): each turn has 11 s, rolling and moving together (answering an
//!   offer is an action of its own); after them the reserve runs down. Each side's
//!   reserve is 90 s at the start of every game. An empty reserve lets the opponent claim
//!   the game (as a gammon).
//!
//! Time never comes from `std::time` (which panics on wasm): every call takes `now_ms`.

use serde::{Deserialize, Serialize};

use crate::rules::{BySide, Side};

/// Time bank: the move timer of every action.
pub const MOVE_TIMER_MS: u64 = 15_000;
/// Time bank: the bank at the start of a match.
pub const BANK_START_MS: u64 = 20_000;
/// Time bank: the largest bonus, for an action made in no time.
pub const BANK_BONUS_MS: u64 = 5_000;
/// Time bank: the most the bank can hold.
pub const BANK_CAP_MS: u64 = 120_000;
/// Reserve: the time of every turn (or answer) before the reserve runs.
pub const RESERVE_MOVE_MS: u64 = 11_000;
/// Reserve: each side's reserve at the start of every game.
pub const RESERVE_START_MS: u64 = 90_000;
/// At or below this much time left the page flashes and beeps.
pub const LOW_TIME_MS: u64 = 10_000;

/// Which clock a match is played with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify), tsify(missing_as_null))]
pub enum TimeControl {
    /// No clock.
    None,
    /// Move timer plus a time bank with bonus (seed 000); an empty bank loses the match.
    TimeBank,
    /// Time per action plus a reserve (seed 001); an empty reserve can be claimed.
    Reserve,
}

impl TimeControl {
    /// The time each action gets before the bank or reserve runs.
    #[must_use]
    pub fn move_ms(self) -> u64 {
        match self {
            TimeControl::None => 0,
            TimeControl::TimeBank => MOVE_TIMER_MS,
            TimeControl::Reserve => RESERVE_MOVE_MS,
        }
    }

    /// The most a bank or reserve can hold (the full length of the timer bar's orange part).
    #[must_use]
    pub fn bank_max_ms(self) -> u64 {
        match self {
            TimeControl::None => 0,
            TimeControl::TimeBank => BANK_CAP_MS,
            TimeControl::Reserve => RESERVE_START_MS,
        }
    }

    /// The bank or reserve each side starts the match (and, with the reserve, every game)
    /// with.
    #[must_use]
    pub fn start_ms(self) -> u64 {
        match self {
            TimeControl::None => 0,
            TimeControl::TimeBank => BANK_START_MS,
            TimeControl::Reserve => RESERVE_START_MS,
        }
    }
}

/// The action being timed: whose, and since when.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RunningAction {
    pub side: Side,
    pub since_ms: u64,
}

/// One side's clock as the page shows it at a given moment.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify), tsify(missing_as_null))]
pub struct ClockReading {
    /// Whether this side's clock is running.
    pub running: bool,
    /// What is left of the move timer (the green part of the bar).
    pub move_ms: u64,
    /// What is left of the time bank or reserve (the orange part).
    pub bank_ms: u64,
    /// 10 s or less left in all: the bar flashes and beeps.
    pub low_time: bool,
    /// The bank or reserve is empty.
    pub exhausted: bool,
}

/// Both sides' clocks.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Clock {
    control: TimeControl,
    banks: BySide<u64>,
    running: Option<RunningAction>,
}

impl Clock {
    /// Both clocks at the start of a match, stopped.
    #[must_use]
    pub fn new(control: TimeControl) -> Clock {
        Clock {
            control,
            banks: BySide::both(control.start_ms()),
            running: None,
        }
    }

    /// The time control.
    #[must_use]
    pub fn control(&self) -> TimeControl {
        self.control
    }

    /// The action being timed, if any.
    #[must_use]
    pub fn running(&self) -> Option<RunningAction> {
        self.running
    }

    /// Each side's bank or reserve as of the last finished action.
    #[must_use]
    pub fn banks(&self) -> BySide<u64> {
        self.banks
    }

    /// `side` must act from `now_ms` on: its clock runs (any other action is dropped).
    pub fn start(&mut self, side: Side, now_ms: u64) {
        if self.control != TimeControl::None {
            self.running = Some(RunningAction {
                side,
                since_ms: now_ms,
            });
        }
    }

    /// The running side has rolled at `now_ms`. With the time bank the roll is an action
    /// of its own and is settled; with the reserve the turn's time keeps running.
    pub fn roll(&mut self, now_ms: u64) {
        if self.control == TimeControl::TimeBank {
            self.settle(now_ms);
        }
    }

    /// `side` must move from `now_ms` on: its turn's time keeps running when it is
    /// already running (the reserve after a roll), else a new action starts.
    pub fn start_move(&mut self, side: Side, now_ms: u64) {
        if self.running.is_none_or(|a| a.side != side) {
            self.start(side, now_ms);
        }
    }

    /// A new game starts: with the reserve both reserves are full again; the time bank
    /// runs on over the whole match.
    pub fn new_game(&mut self) {
        self.running = None;
        if self.control == TimeControl::Reserve {
            self.banks = BySide::both(RESERVE_START_MS);
        }
    }

    /// The running action is finished at `now_ms`: its side's bank or reserve is charged
    /// (or, with the time bank, credited with the bonus) and the clock stops.
    pub fn settle(&mut self, now_ms: u64) {
        let Some(action) = self.running.take() else {
            return;
        };
        let elapsed = now_ms.saturating_sub(action.since_ms);
        let bank = self.banks.get_mut(action.side);
        let move_ms = self.control.move_ms();
        if elapsed > move_ms {
            *bank = bank.saturating_sub(elapsed - move_ms);
        } else if self.control == TimeControl::TimeBank {
            let bonus = BANK_BONUS_MS * (move_ms - elapsed) / move_ms;
            *bank = (*bank + bonus).min(BANK_CAP_MS);
        }
    }

    /// Stops the clock without charging anyone (the game is over).
    pub fn stop(&mut self) {
        self.running = None;
    }

    /// One side's clock at `now_ms`.
    #[must_use]
    pub fn reading(&self, side: Side, now_ms: u64) -> ClockReading {
        let move_total = self.control.move_ms();
        let mut bank_ms = *self.banks.get(side);
        let mut move_ms = move_total;
        let running = self.running.filter(|a| a.side == side);
        if let Some(action) = running {
            let elapsed = now_ms.saturating_sub(action.since_ms);
            move_ms = move_total.saturating_sub(elapsed);
            bank_ms = bank_ms.saturating_sub(elapsed.saturating_sub(move_total));
        }
        let timed = self.control != TimeControl::None;
        ClockReading {
            running: running.is_some(),
            move_ms,
            bank_ms,
            low_time: timed && move_ms + bank_ms <= LOW_TIME_MS,
            exhausted: timed && bank_ms == 0,
        }
    }

    /// The side whose running action has used up its bank or reserve at `now_ms`.
    #[must_use]
    pub fn exhausted_running_side(&self, now_ms: u64) -> Option<Side> {
        let action = self.running?;
        self.reading(action.side, now_ms)
            .exhausted
            .then_some(action.side)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_clock_never_runs_out() {
        let mut clock = Clock::new(TimeControl::None);
        clock.start(Side::White, 0);
        assert_eq!(clock.exhausted_running_side(1_000_000), None);
        assert!(!clock.reading(Side::White, 1_000_000).low_time);
    }

    #[test]
    fn instant_action_earns_the_whole_bonus() {
        let mut clock = Clock::new(TimeControl::TimeBank);
        clock.start(Side::Red, 500);
        clock.settle(500);
        assert_eq!(clock.banks().red, BANK_START_MS + BANK_BONUS_MS);
    }
}
