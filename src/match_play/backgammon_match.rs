//! A match: games played one after another, scored, with the cube, resignations, the
//! Crawford rule and the clock, driven by [`Action`]s. (`match` is a Rust keyword.)

use super::action::{Action, HistoryEntry};
use super::crawford::CrawfordState;
use super::cube::DoubleRefusal;
use super::error::ActionError;
use super::game::{Game, GameEvent};
use super::move_to::MoveRefusal;
use super::options::{MatchOptions, OptionsError, ResignationStyle};
use super::phase::Phase;
use super::result::{GameEnd, GameResult, MatchEnd, MatchResult};
use super::setup::{GameSetup, SetupError, SetupTurn};
use crate::clock::{Clock, TimeControl};
use crate::rules::{BySide, Dice, DiceGen, Position, Side, TurnSteps, WinKind};

/// Everything that one action may change; copied, changed, then kept only on success.
#[derive(Clone, Debug, PartialEq, Eq)]
struct State {
    options: MatchOptions,
    score: BySide<u32>,
    crawford: CrawfordState,
    game: Game,
    clock: Clock,
    last_ms: u64,
    result: Option<MatchResult>,
    auto_roll: BySide<bool>,
}

/// A match (or a money session) in progress or over.
///
/// Every change goes through [`Match::act`] or [`Match::tick`]; each accepted action is
/// recorded in [`Match::history`], so the match can be saved and replayed exactly.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Match {
    state: State,
    setup: Option<GameSetup>,
    finished_games: Vec<Game>,
    history: Vec<HistoryEntry>,
}

impl Match {
    /// A new match waiting for the first opening roll.
    ///
    /// # Errors
    /// [`OptionsError`] when the options are impossible (a bad match length).
    pub fn new(options: MatchOptions) -> Result<Match, OptionsError> {
        options.validate()?;
        Ok(Match {
            state: State {
                options,
                score: BySide::both(0),
                crawford: CrawfordState::Pending,
                game: Game::new(1, BySide::both(0), false),
                clock: Clock::new(options.time_control),
                last_ms: 0,
                result: None,
                auto_roll: BySide::both(false),
            },
            setup: None,
            finished_games: Vec::new(),
            history: Vec::new(),
        })
    }

    /// A match whose first game starts from `setup`, the side on roll to act at time 0.
    ///
    /// # Errors
    /// [`SetupError`] when the options or the setup are impossible.
    pub fn from_setup(options: MatchOptions, setup: GameSetup) -> Result<Match, SetupError> {
        let mut m = Match::new(options).map_err(SetupError::Options)?;
        setup.validate(options.target())?;
        let state = &mut m.state;
        state.score = setup.score;
        state.crawford = setup.crawford;
        let game = &mut state.game;
        game.score_before = setup.score;
        game.crawford = setup.crawford == CrawfordState::CrawfordGame;
        game.board = setup.position;
        game.turn = setup.on_roll;
        game.cube = setup.cube;
        game.phase = Phase::Deciding {
            side: setup.on_roll,
        };
        state.clock.start(setup.on_roll, 0);
        let action = match setup.turn {
            SetupTurn::BeforeRoll => None,
            SetupTurn::Rolled(_) => Some(Action::Roll),
            SetupTurn::Doubled => Some(Action::Double),
            SetupTurn::OfferedResignation(level) => Some(Action::OfferResignation { level }),
        };
        if let Some(action) = action {
            let dice = match setup.turn {
                SetupTurn::Rolled(dice) => dice,
                _ => [0, 0],
            };
            // Part of the setup, not of the history: a save replays it from the setup.
            state
                .apply(setup.on_roll, action, 0, &mut |_| Ok(dice))
                .map_err(SetupError::TurnRefused)?;
        }
        m.setup = Some(setup);
        Ok(m)
    }

    /// The position the match started from, when not the opening roll.
    #[must_use]
    pub fn setup(&self) -> Option<&GameSetup> {
        self.setup.as_ref()
    }

    /// Does `action` for `side` at `now_ms`, rolling with `dice` when it is a roll.
    ///
    /// # Errors
    /// An [`ActionError`] when the action is not legal now or not for this side; the
    /// match is then unchanged (the dice are rolled only for a legal roll).
    ///
    /// # Examples
    /// ```
    /// use gamao::match_play::{Action, ActionError, Match, MatchLength, MatchOptions, Phase};
    /// use gamao::rules::{SeededDice, Side};
    ///
    /// let mut game = Match::new(MatchOptions::seed_000(MatchLength::Points(5)))?;
    /// let mut dice = SeededDice::new(7);
    /// // Nobody doubles before the opening roll: refused, and nothing changes.
    /// let refused = game.act(Side::White, Action::Double, 0, &mut dice);
    /// assert!(matches!(refused, Err(ActionError::WrongPhase { .. })));
    /// assert_eq!(game.phase(), Phase::OpeningRoll);
    /// assert!(game.history().is_empty());
    ///
    /// // The opening roll: rolled again after a tie, then the winner of it moves.
    /// while game.phase() == Phase::OpeningRoll {
    ///     game.act(Side::White, Action::OpeningRoll, 0, &mut dice)?;
    /// }
    /// let Phase::Moving { side } = game.phase() else { unreachable!() };
    /// // The view's steps are on White's points; the engine's actions in the mover's.
    /// let step = game.view(100).legal_steps[0];
    /// let action = Action::Step { from: step.from, die: step.die }.in_board(side);
    /// game.act(side, action, 100, &mut dice)?;
    /// assert_eq!(game.view(100).steps_made.len(), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn act(
        &mut self,
        side: Side,
        action: Action,
        now_ms: u64,
        dice: &mut impl DiceGen,
    ) -> Result<(), ActionError> {
        if let Action::MoveTo { from, to } = action {
            return self.move_to(side, from, to, now_ms);
        }
        let mut roll = |opening: bool| -> Result<[u8; 2], ActionError> {
            if opening {
                Ok([
                    dice.die().map_err(|error| ActionError::Dice { error })?,
                    dice.die().map_err(|error| ActionError::Dice { error })?,
                ])
            } else {
                let (a, b) = dice
                    .roll()
                    .map_err(|error| ActionError::Dice { error })?
                    .values();
                Ok([a, b])
            }
        };
        self.apply(side, action, now_ms, &mut roll)
    }

    /// Makes the steps of a move from `from` to `to` as one action: all of them, each
    /// recorded as a step, or none.
    fn move_to(&mut self, side: Side, from: u8, to: u8, now_ms: u64) -> Result<(), ActionError> {
        self.state.check_time(now_ms)?;
        let steps = self
            .move_steps(side, from, to)
            .map_err(|reason| match reason {
                MoveRefusal::NotMoving => ActionError::WrongPhase {
                    action: Action::MoveTo { from, to },
                    phase: self.phase(),
                },
                MoveRefusal::NotYourTurn => ActionError::WrongSide { side },
                reason => ActionError::IllegalMove { reason },
            })?;
        let mut next = self.clone();
        for step in steps {
            let action = Action::Step {
                from: step.from,
                die: step.die,
            };
            next.apply(side, action, now_ms, &mut |_| {
                Err(ActionError::WrongPhase {
                    action,
                    phase: self.phase(),
                })
            })?;
        }
        *self = next;
        Ok(())
    }

    /// Applies an action whose dice (if any) come from `roll`, called only once the
    /// action is known to be legal.
    pub(super) fn apply(
        &mut self,
        side: Side,
        action: Action,
        now_ms: u64,
        roll: &mut dyn FnMut(bool) -> Result<[u8; 2], ActionError>,
    ) -> Result<(), ActionError> {
        let mut next = self.state.clone();
        let mut rolled = None;
        let finished = next.apply(side, action, now_ms, &mut |opening| {
            let dice = roll(opening)?;
            rolled = Some(dice);
            Ok(dice)
        })?;
        self.state = next;
        if let Some(game) = finished {
            self.finished_games.push(game);
        }
        self.history.push(HistoryEntry::Acted {
            at_ms: now_ms,
            side,
            action,
            dice: rolled,
        });
        Ok(())
    }

    /// Tells the match the time is `now_ms`. With the time bank, a side whose bank has
    /// run out loses the match; that side is returned (and recorded). A finished match
    /// is final: the time no longer changes it, nor its save.
    ///
    /// # Errors
    /// [`ActionError::TimeWentBackwards`] when `now_ms` is before a time already seen.
    pub fn tick(&mut self, now_ms: u64) -> Result<Option<Side>, ActionError> {
        self.state.check_time(now_ms)?;
        if self.state.result.is_some() {
            return Ok(None);
        }
        self.state.last_ms = now_ms;
        if self.state.options.time_control != TimeControl::TimeBank {
            return Ok(None);
        }
        let Some(side) = self.state.clock.exhausted_running_side(now_ms) else {
            return Ok(None);
        };
        self.state.clock.settle(now_ms);
        self.state
            .lose_match(side, MatchEnd::TimeOut, GameEnd::TimeOut);
        self.history.push(HistoryEntry::TimedOut {
            at_ms: now_ms,
            side,
        });
        Ok(Some(side))
    }

    /// The phase: what can happen next.
    #[must_use]
    pub fn phase(&self) -> Phase {
        self.state.phase()
    }

    /// The options the match is played with.
    #[must_use]
    pub fn options(&self) -> &MatchOptions {
        &self.state.options
    }

    /// The score.
    #[must_use]
    pub fn score(&self) -> BySide<u32> {
        self.state.score
    }

    /// Where the match stands with the Crawford rule.
    #[must_use]
    pub fn crawford(&self) -> CrawfordState {
        self.state.crawford
    }

    /// The game being played (or the last one, once it is over).
    #[must_use]
    pub fn game(&self) -> &Game {
        &self.state.game
    }

    /// Every game of the match so far, the current one last.
    #[must_use]
    pub fn games(&self) -> Vec<&Game> {
        self.finished_games
            .iter()
            .chain(std::iter::once(&self.state.game))
            .collect()
    }

    /// Every accepted action and time-out, in order.
    #[must_use]
    pub fn history(&self) -> &[HistoryEntry] {
        &self.history
    }

    /// Both clocks.
    #[must_use]
    pub fn clock(&self) -> &Clock {
        &self.state.clock
    }

    /// The latest time the match has been told.
    #[must_use]
    pub fn last_ms(&self) -> u64 {
        self.state.last_ms
    }

    /// The winner, once the match is over.
    #[must_use]
    pub fn result(&self) -> Option<MatchResult> {
        self.state.result
    }

    /// Whether `side` has auto roll on.
    #[must_use]
    pub fn auto_roll(&self, side: Side) -> bool {
        *self.state.auto_roll.get(side)
    }

    /// Whether `side` may double now, if it were on roll before rolling.
    ///
    /// # Errors
    /// The [`DoubleRefusal`] that forbids it.
    pub fn check_double(&self, side: Side) -> Result<(), DoubleRefusal> {
        self.state.check_double(side)
    }

    /// Points a win of `kind` would score now (cube and backgammon rule applied).
    #[must_use]
    pub fn points_for(&self, kind: WinKind) -> u32 {
        self.state.points(kind)
    }

    /// Points `side` would give away by resigning directly now (seed 001 rules).
    #[must_use]
    pub fn direct_resignation_points(&self, side: Side) -> u32 {
        self.state.points(self.state.direct_resignation_kind(side))
    }

    /// What resigning directly now would score for `side`'s opponent: a gammon while
    /// `side` has borne off nothing, else a single game.
    #[must_use]
    pub fn direct_resignation_kind(&self, side: Side) -> WinKind {
        self.state.direct_resignation_kind(side)
    }

    /// Whether `side` may do `action` at `now_ms`: tried on a copy of the match, with
    /// dummy dice for a roll.
    #[must_use]
    pub fn accepts(&self, side: Side, action: Action, now_ms: u64) -> bool {
        if let Action::MoveTo { from, to } = action {
            return self.move_steps(side, from, to).is_ok();
        }
        self.state
            .clone()
            .apply(side, action, now_ms, &mut |_| Ok([2, 1]))
            .is_ok()
    }

    /// The side that may claim the game because the other's reserve is empty, if any.
    #[must_use]
    pub fn claimable_by(&self, now_ms: u64) -> Option<Side> {
        Side::BOTH
            .into_iter()
            .find(|&side| self.state.check_claim(side, now_ms).is_ok())
    }
}

impl State {
    fn phase(&self) -> Phase {
        match self.result {
            Some(result) => Phase::MatchOver { result },
            None => self.game.phase,
        }
    }

    fn check_time(&self, now_ms: u64) -> Result<(), ActionError> {
        if now_ms < self.last_ms {
            return Err(ActionError::TimeWentBackwards {
                last_ms: self.last_ms,
                now_ms,
            });
        }
        Ok(())
    }

    fn check_double(&self, side: Side) -> Result<(), DoubleRefusal> {
        if !self.options.cube {
            return Err(DoubleRefusal::CubeDisabled);
        }
        if self.options.target() == Some(1) {
            return Err(DoubleRefusal::OnePointMatch);
        }
        if self.game.crawford {
            return Err(DoubleRefusal::CrawfordGame);
        }
        if *self.auto_roll.get(side) {
            return Err(DoubleRefusal::AutoRoll);
        }
        self.game.cube.check_double(side)
    }

    fn check_claim(&self, side: Side, now_ms: u64) -> Result<(), ActionError> {
        let phase = self.phase();
        if self.options.time_control != TimeControl::Reserve
            || !phase.is_in_game()
            || !self.clock.reading(side.other(), now_ms).exhausted
        {
            return Err(ActionError::NothingToClaim);
        }
        Ok(())
    }

    /// The whole transition of one action; on error the caller drops this copy.
    fn apply(
        &mut self,
        side: Side,
        action: Action,
        now_ms: u64,
        roll: &mut dyn FnMut(bool) -> Result<[u8; 2], ActionError>,
    ) -> Result<Option<Game>, ActionError> {
        self.check_time(now_ms)?;
        let phase = self.phase();
        let wrong_phase = ActionError::WrongPhase { action, phase };
        if self.options.time_control == TimeControl::TimeBank {
            if let Some(out) = self.clock.exhausted_running_side(now_ms) {
                return Err(ActionError::OutOfTime { side: out });
            }
        }
        if matches!(phase, Phase::MatchOver { .. }) {
            return Err(wrong_phase);
        }
        self.last_ms = now_ms;
        let acting = phase.acting_side();
        let must_act = |expected: bool| -> Result<(), ActionError> {
            match (expected, acting) {
                (false, _) => Err(wrong_phase.clone()),
                (true, Some(s)) if s != side => Err(ActionError::WrongSide { side }),
                _ => Ok(()),
            }
        };
        match action {
            Action::SetAutoRoll { on } => *self.auto_roll.get_mut(side) = on,
            Action::ForfeitMatch => self.lose_match(side, MatchEnd::Forfeit, GameEnd::Forfeit),
            Action::OpeningRoll => return self.opening_roll(phase, roll, now_ms, wrong_phase),
            Action::Roll => {
                must_act(matches!(phase, Phase::Deciding { .. }))?;
                let dice = roll(false)?;
                self.clock.roll(now_ms);
                self.start_moving(side, dice, now_ms)?;
                self.game.rolls += 1;
            }
            Action::Double => {
                must_act(matches!(phase, Phase::Deciding { .. }))?;
                self.check_double(side)
                    .map_err(|reason| ActionError::CannotDouble { reason })?;
                self.clock.settle(now_ms);
                self.game.log.push(GameEvent::Doubled {
                    side,
                    value: self.game.cube.value() * 2,
                });
                self.game.phase = Phase::CubeOffered { doubler: side };
                self.clock.start(side.other(), now_ms);
            }
            Action::Take => {
                must_act(matches!(phase, Phase::CubeOffered { .. }))?;
                self.clock.settle(now_ms);
                self.game.cube = self.game.cube.taken_by(side);
                self.game.log.push(GameEvent::Took { side });
                self.game.phase = Phase::Deciding { side: side.other() };
                self.clock.start(side.other(), now_ms);
            }
            Action::Drop => {
                must_act(matches!(phase, Phase::CubeOffered { .. }))?;
                self.clock.settle(now_ms);
                self.game.log.push(GameEvent::Dropped { side });
                let points = self.game.cube.value();
                self.end_game(side.other(), GameEnd::Dropped, points);
            }
            Action::Step { from, die } => {
                must_act(matches!(phase, Phase::Moving { .. }))?;
                let turn = self.game.steps.as_mut().ok_or(wrong_phase.clone())?;
                turn.make_step(from, die)
                    .map_err(|reason| ActionError::IllegalStep { reason })?;
                if turn.is_complete() {
                    self.game.phase = Phase::TurnComplete { side };
                }
            }
            // Only `Match::act` resolves a move into the steps it records.
            Action::MoveTo { .. } => return Err(wrong_phase),
            Action::UndoStep => {
                must_act(matches!(
                    phase,
                    Phase::Moving { .. } | Phase::TurnComplete { .. }
                ))?;
                let turn = self.game.steps.as_mut().ok_or(wrong_phase.clone())?;
                turn.undo_step().ok_or(ActionError::NothingToUndo)?;
                self.game.phase = Phase::Moving { side };
            }
            Action::EndTurn => {
                if matches!(phase, Phase::Moving { .. }) && acting == Some(side) {
                    return Err(ActionError::TurnNotComplete);
                }
                must_act(matches!(phase, Phase::TurnComplete { .. }))?;
                self.clock.settle(now_ms);
                self.end_turn(side, now_ms);
            }
            Action::OfferResignation { level } => {
                if self.options.resignation != ResignationStyle::Offered {
                    return Err(ActionError::WrongResignationStyle);
                }
                must_act(matches!(phase, Phase::Deciding { .. }))?;
                if let Some(declined) = self.game.declined.filter(|&d| level <= d) {
                    return Err(ActionError::ResignationTooLow { declined });
                }
                self.clock.settle(now_ms);
                if level == WinKind::Backgammon {
                    let points = self.points(level);
                    self.end_game(side.other(), GameEnd::ResignationAccepted(level), points);
                } else {
                    self.game.phase = Phase::ResignationOffered { by: side, level };
                    self.clock.start(side.other(), now_ms);
                }
            }
            Action::AcceptResignation | Action::DeclineResignation => {
                let Phase::ResignationOffered { by, level } = phase else {
                    return Err(wrong_phase);
                };
                must_act(true)?;
                self.clock.settle(now_ms);
                if action == Action::AcceptResignation {
                    let points = self.points(level);
                    self.end_game(side, GameEnd::ResignationAccepted(level), points);
                } else {
                    self.game.declined = Some(level);
                    self.game.phase = Phase::Deciding { side: by };
                    self.clock.start(by, now_ms);
                }
            }
            Action::Resign => {
                if self.options.resignation != ResignationStyle::Direct {
                    return Err(ActionError::WrongResignationStyle);
                }
                if !phase.is_in_game() {
                    return Err(wrong_phase);
                }
                let kind = self.direct_resignation_kind(side);
                if acting == Some(side) {
                    self.clock.settle(now_ms);
                }
                let points = self.points(kind);
                self.end_game(side.other(), GameEnd::Resigned(kind), points);
            }
            Action::ClaimWinOnTime => {
                self.check_claim(side, now_ms)?;
                if acting == Some(side) {
                    self.clock.settle(now_ms);
                }
                let points = self.points(WinKind::Gammon);
                self.end_game(side, GameEnd::ClaimedOnTime, points);
            }
        }
        Ok(None)
    }

    fn opening_roll(
        &mut self,
        phase: Phase,
        roll: &mut dyn FnMut(bool) -> Result<[u8; 2], ActionError>,
        now_ms: u64,
        wrong_phase: ActionError,
    ) -> Result<Option<Game>, ActionError> {
        let finished = match phase {
            Phase::OpeningRoll => None,
            Phase::GameOver { .. } => {
                let next = Game::new(self.game.number + 1, self.score, self.crawford_game());
                self.clock.new_game();
                Some(std::mem::replace(&mut self.game, next))
            }
            _ => return Err(wrong_phase),
        };
        let [white, red] = roll(true)?;
        if !(1..=6).contains(&white) || !(1..=6).contains(&red) {
            return Err(ActionError::BadRecordedDice { dice: [white, red] });
        }
        self.game.opening = Some([white, red]);
        self.game.rolls += 1;
        if white == red {
            self.game.opening_ties += 1;
        } else {
            let (starter, dice) = if white > red {
                (Side::White, [white, red])
            } else {
                (Side::Red, [red, white])
            };
            self.game.turn = starter;
            self.game.board = Position::start();
            self.start_moving(starter, dice, now_ms)?;
        }
        Ok(finished)
    }

    fn crawford_game(&self) -> bool {
        self.crawford == CrawfordState::CrawfordGame
    }

    /// What resigning directly now gives `side`'s opponent: a gammon when `side` has
    /// borne off nothing, else a single game.
    fn direct_resignation_kind(&self, side: Side) -> WinKind {
        if self.game.borne_off(side) == 0 {
            WinKind::Gammon
        } else {
            WinKind::Single
        }
    }

    /// Points for a win of `kind` at the current cube (a backgammon counts as a gammon
    /// when backgammons are off).
    fn points(&self, kind: WinKind) -> u32 {
        let kind = if kind == WinKind::Backgammon && !self.options.backgammons {
            WinKind::Gammon
        } else {
            kind
        };
        kind.points() * self.game.cube.value()
    }

    /// `side` has rolled `dice`: it moves, or passes at once if it cannot move.
    fn start_moving(&mut self, side: Side, dice: [u8; 2], now_ms: u64) -> Result<(), ActionError> {
        let roll =
            Dice::new(dice[0], dice[1]).map_err(|_| ActionError::BadRecordedDice { dice })?;
        let turn = TurnSteps::new(self.game.board, roll, self.options.rules());
        self.game.dice = Some(dice);
        self.game.passed = None;
        if turn.dice_to_use() == 0 {
            self.game.log.push(GameEvent::Played {
                side,
                dice,
                steps: Vec::new(),
            });
            self.game.passed = Some(side);
            self.clock.settle(now_ms);
            self.pass_turn(side.other(), self.game.board, now_ms);
        } else {
            self.game.steps = Some(turn);
            self.game.phase = Phase::Moving { side };
            self.clock.start_move(side, now_ms);
        }
        Ok(())
    }

    /// The turn of `side` is confirmed: the play is logged and the game is won or goes on.
    fn end_turn(&mut self, side: Side, now_ms: u64) {
        let Some(turn) = self.game.steps.take() else {
            return;
        };
        self.game.log.push(GameEvent::Played {
            side,
            dice: self.game.dice.unwrap_or_default(),
            steps: turn.play().steps().to_vec(),
        });
        let after = *turn.current();
        self.game.board = after;
        match after.mover_win(self.options.rules()) {
            Some(kind) => {
                let points = self.points(kind);
                self.end_game(side, GameEnd::BoreOff(kind), points);
            }
            None => self.pass_turn(side.other(), after, now_ms),
        }
    }

    /// `next` is on roll; `board` is the board seen by the side that just played.
    fn pass_turn(&mut self, next: Side, board: Position, now_ms: u64) {
        self.game.board = board.flipped();
        self.game.turn = next;
        self.game.steps = None;
        self.game.declined = None;
        self.game.phase = Phase::Deciding { side: next };
        self.clock.start(next, now_ms);
    }

    fn end_game(&mut self, winner: Side, end: GameEnd, points: u32) {
        let result = GameResult {
            winner,
            end,
            points,
        };
        self.clock.stop();
        self.game.steps = None;
        self.game.result = Some(result);
        self.game.phase = Phase::GameOver { result };
        let score = self.score.get_mut(winner);
        *score = score.saturating_add(points);
        let target = self.options.target();
        if target.is_some_and(|n| *self.score.get(winner) >= n) {
            self.result = Some(MatchResult {
                winner,
                end: MatchEnd::ReachedTarget,
            });
        } else {
            self.crawford = self
                .crawford
                .after_game([self.score.white, self.score.red], target);
        }
    }

    /// `loser` loses the whole match (forfeit or time-out): the winner's score is
    /// raised to the target, and a game in progress ends with those points.
    fn lose_match(&mut self, loser: Side, match_end: MatchEnd, game_end: GameEnd) {
        let winner = loser.other();
        let missing = self
            .options
            .target()
            .map_or(0, |n| n.saturating_sub(*self.score.get(winner)));
        if self.game.result.is_none() {
            self.end_game(winner, game_end, missing);
        } else {
            let score = self.score.get_mut(winner);
            *score = score.saturating_add(missing);
            self.clock.stop();
        }
        self.result = Some(MatchResult {
            winner,
            end: match_end,
        });
    }
}
