//! Position evaluation: the five outcome probabilities and the cubeless equity.

use super::bearoff::{bearoff_chances, wins_next_roll};
use super::encoding::{encode_screening, encode_sparse, SparseInputs};
use super::last_checkers::last_checkers_chances;
use super::network::{Network, Reference, OUTPUTS};
use super::screening::{builtin_screening, SCREENED_KEEP};
use super::weights::{Weights, WeightsError};
use crate::rules::{LegalPlay, Position, RuleSet, WinKind, CHECKERS};

/// The outcome probabilities of a game for one side, cumulative: a backgammon is also
/// a gammon and a win.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Probabilities {
    pub win: f32,
    pub win_gammon: f32,
    pub win_backgammon: f32,
    pub lose_gammon: f32,
    pub lose_backgammon: f32,
}

impl Probabilities {
    /// The sure outcome of a finished game, for the winner when `won`, else the loser.
    #[must_use]
    pub fn decided(kind: WinKind, won: bool) -> Probabilities {
        let gammon = if kind >= WinKind::Gammon { 1.0 } else { 0.0 };
        let backgammon = if kind == WinKind::Backgammon {
            1.0
        } else {
            0.0
        };
        let winner = Probabilities {
            win: 1.0,
            win_gammon: gammon,
            win_backgammon: backgammon,
            lose_gammon: 0.0,
            lose_backgammon: 0.0,
        };
        if won {
            winner
        } else {
            winner.inverted()
        }
    }

    /// The same chances seen by the other side.
    #[must_use]
    pub fn inverted(&self) -> Probabilities {
        Probabilities {
            win: 1.0 - self.win,
            win_gammon: self.lose_gammon,
            win_backgammon: self.lose_backgammon,
            lose_gammon: self.win_gammon,
            lose_backgammon: self.win_backgammon,
        }
    }

    /// Cubeless money equity: expected points per game with the cube at 1.
    #[must_use]
    pub fn equity(&self) -> f32 {
        2.0 * self.win - 1.0 + self.win_gammon - self.lose_gammon + self.win_backgammon
            - self.lose_backgammon
    }

    /// The five numbers in network output order.
    #[must_use]
    pub fn to_array(&self) -> [f32; OUTPUTS] {
        [
            self.win,
            self.win_gammon,
            self.win_backgammon,
            self.lose_gammon,
            self.lose_backgammon,
        ]
    }

    /// Raw network outputs made consistent: each clamped to 0–1, gammons no more likely
    /// than wins (or losses), backgammons no more likely than gammons.
    #[must_use]
    pub fn from_outputs(raw: [f32; OUTPUTS]) -> Probabilities {
        let clamp = |x: f32| if x.is_nan() { 0.0 } else { x.clamp(0.0, 1.0) };
        let win = clamp(raw[0]);
        let win_gammon = clamp(raw[1]).min(win);
        let lose_gammon = clamp(raw[3]).min(1.0 - win);
        Probabilities {
            win,
            win_gammon,
            win_backgammon: clamp(raw[2]).min(win_gammon),
            lose_gammon,
            lose_backgammon: clamp(raw[4]).min(lose_gammon),
        }
    }
}

/// A 0-ply evaluator: the contact network, or the race network once the sides have
/// passed each other; with screening networks, it finds a roll's best play faster
/// ([`Evaluator::best_reply`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Evaluator {
    weights: Weights,
    screening: Option<Weights>,
}

impl Evaluator {
    /// An evaluator using `weights`, without screening.
    #[must_use]
    pub fn new(weights: Weights) -> Evaluator {
        Evaluator {
            weights,
            screening: None,
        }
    }

    /// The evaluator the game plays with: the shipped weights, screening with the
    /// shipped screening networks (see `weights/TRAINING.md`).
    ///
    /// # Errors
    /// Only if a shipped file is damaged, which the tests rule out.
    pub fn shipped() -> Result<Evaluator, WeightsError> {
        Ok(Evaluator::new(Weights::builtin()?).with_screening(Some(builtin_screening()?)))
    }

    /// This evaluator, screening a roll's plays with `screening` in
    /// [`Evaluator::best_reply`] (`None`: looking at every play with its own network).
    #[must_use]
    pub fn with_screening(mut self, screening: Option<Weights>) -> Evaluator {
        self.screening = screening;
        self
    }

    /// The screening networks in use, if any.
    #[must_use]
    pub fn screening(&self) -> Option<&Weights> {
        self.screening.as_ref()
    }

    /// The weights in use.
    #[must_use]
    pub fn weights(&self) -> &Weights {
        &self.weights
    }

    /// The network that evaluates races (`true`) or contact positions, for training.
    pub(super) fn network_mut(&mut self, race: bool) -> &mut Network {
        if race {
            &mut self.weights.race
        } else {
            &mut self.weights.contact
        }
    }

    /// The outcome probabilities for the side on roll in `position`. A finished game
    /// (the opponent has borne everything off) is scored exactly, and so is a bear-off
    /// where both sides have every checker home (from the bear-off database) and a race
    /// where a side has only its last few checkers left (from their database).
    #[must_use]
    pub fn evaluate(&self, position: &Position, rules: RuleSet) -> Probabilities {
        self.evaluate_with(position, rules, |net, _, inputs| net.forward_sparse(inputs))
    }

    /// [`Evaluator::evaluate`], the network's outputs given by `forward(network, race,
    /// inputs)`.
    #[inline]
    fn evaluate_with(
        &self,
        position: &Position,
        rules: RuleSet,
        forward: impl FnOnce(&Network, bool, &SparseInputs) -> [f32; OUTPUTS],
    ) -> Probabilities {
        evaluate_by(&self.weights, position, rules, encode_sparse, forward)
    }

    /// The equity, for the side that made it, of a play leaving `after` (still seen by
    /// that side, the opponent to roll next).
    #[must_use]
    pub fn equity_after(&self, after: &Position, rules: RuleSet) -> f32 {
        -self.evaluate(&after.flipped(), rules).equity()
    }

    /// [`Evaluator::equity_after`] of every play of a roll, in order, into `equities`
    /// (emptied first). Faster than one by one: the plays of a roll differ in a few
    /// inputs, so each is computed from the first one's hidden sums.
    pub fn equities_after(&self, plays: &[LegalPlay], rules: RuleSet, equities: &mut Vec<f32>) {
        equities.clear();
        self.for_each_equity_after(plays, rules, |_, equity| equities.push(equity));
    }

    /// The chances of the side that made each play of a roll, in order, into `chances`
    /// (emptied first), evaluated as [`Evaluator::equities_after`] does.
    pub fn chances_after(
        &self,
        plays: &[LegalPlay],
        rules: RuleSet,
        chances: &mut Vec<Probabilities>,
    ) {
        chances.clear();
        self.for_each_chances_after(plays, rules, |_, theirs| chances.push(theirs.inverted()));
    }

    /// Calls `f(index, equity)` with [`Evaluator::equity_after`] of each play in turn,
    /// evaluated as [`Evaluator::equities_after`] does.
    fn for_each_equity_after(
        &self,
        plays: &[LegalPlay],
        rules: RuleSet,
        mut f: impl FnMut(usize, f32),
    ) {
        self.for_each_chances_after(plays, rules, |i, theirs| f(i, -theirs.equity()));
    }

    /// Calls `f(index, chances)` with the opponent's chances after each play in turn,
    /// each computed from the first one's hidden sums.
    fn for_each_chances_after(
        &self,
        plays: &[LegalPlay],
        rules: RuleSet,
        mut f: impl FnMut(usize, Probabilities),
    ) {
        // One reference per network: contact, race.
        let mut references: [Option<Reference>; 2] = [None, None];
        for (i, legal) in plays.iter().enumerate() {
            let chances =
                self.evaluate_with(&legal.position.flipped(), rules, |net, race, inputs| {
                    net.forward_from(inputs, &mut references[usize::from(race)])
                });
            f(i, chances);
        }
    }

    /// The play of a roll the search answers with, as an index in `plays`, and the
    /// chances it leaves the opponent, to roll (their [`Evaluator::evaluate`]); `None`
    /// when `plays` is empty. Without screening networks it is the play with the
    /// highest 0-ply equity (the first of equals); with them, the best at 0-ply (the
    /// first of equals) of the [`SCREENED_KEEP`] the screening networks rank highest
    /// (a race the databases know exactly ranked by its exact chances).
    pub fn best_reply(
        &self,
        plays: &[LegalPlay],
        rules: RuleSet,
    ) -> Option<(usize, Probabilities)> {
        if let Some(screening) = &self.screening {
            if plays.len() > SCREENED_KEEP {
                return Some(self.screened_reply(screening, plays, rules));
            }
        }
        let best = self.best_play(plays, rules)?;
        Some((best, self.evaluate(&plays[best].position.flipped(), rules)))
    }

    /// [`Evaluator::best_reply`] of more than [`SCREENED_KEEP`] plays, with `screening`.
    #[inline(never)]
    fn screened_reply(
        &self,
        screening: &Weights,
        plays: &[LegalPlay],
        rules: RuleSet,
    ) -> (usize, Probabilities) {
        // The best few by the screen, the opponent's equity after each, lowest first.
        // Small networks: summing every row is cheaper than finding the changed ones.
        let mut top = [(f32::INFINITY, 0usize); SCREENED_KEEP];
        for (i, legal) in plays.iter().enumerate() {
            let position = legal.position.flipped();
            let theirs = evaluate_by(
                screening,
                &position,
                rules,
                encode_screening,
                |net, _, inputs| net.forward_sparse(inputs),
            );
            let equity = theirs.equity();
            let mut at = SCREENED_KEEP;
            while at > 0 && equity < top[at - 1].0 {
                at -= 1;
            }
            if at < SCREENED_KEEP {
                top.copy_within(at..SCREENED_KEEP - 1, at + 1);
                top[at] = (equity, i);
            }
        }
        let mut references: [Option<Reference>; 2] = [None, None];
        let mut best = (0, Probabilities::default(), f32::INFINITY);
        for &(_, i) in &top {
            let position = plays[i].position.flipped();
            let theirs = self.evaluate_with(&position, rules, |net, race, inputs| {
                net.forward_from(inputs, &mut references[usize::from(race)])
            });
            let equity = theirs.equity();
            if equity < best.2 || (equity == best.2 && i < best.0) {
                best = (i, theirs, equity);
            }
        }
        (best.0, best.1)
    }

    /// The index in `plays` of the play with the highest 0-ply equity (the first of
    /// equals), or `None` when `plays` is empty.
    #[must_use]
    pub fn best_play(&self, plays: &[LegalPlay], rules: RuleSet) -> Option<usize> {
        let mut best = None;
        let mut best_equity = f32::NEG_INFINITY;
        self.for_each_equity_after(plays, rules, |i, equity| {
            if best.is_none() || equity > best_equity {
                best = Some(i);
                best_equity = equity;
            }
        });
        best
    }
}

/// The chances of the side on roll in `position`: exact when the game is decided or the
/// databases know the race, else from `weights`' network for it, given `forward(network,
/// race, inputs)` of the position's inputs as `encode` makes them.
#[inline]
fn evaluate_by(
    weights: &Weights,
    position: &Position,
    rules: RuleSet,
    encode: fn(&Position, &mut SparseInputs),
    forward: impl FnOnce(&Network, bool, &SparseInputs) -> [f32; OUTPUTS],
) -> Probabilities {
    if let Some(decided) = decided(position, rules) {
        return decided;
    }
    if let Some(exact) = exact_race(position) {
        return possible_only(exact, position, rules);
    }
    let mut inputs = SparseInputs::default();
    encode(position, &mut inputs);
    let race = position.is_race();
    let net = if race {
        &weights.race
    } else {
        &weights.contact
    };
    possible_only(
        Probabilities::from_outputs(forward(net, race, &inputs)),
        position,
        rules,
    )
}

/// The exact outcome when the game is over (either side has borne off every checker)
/// or as good as over (the side on roll bears off its last checkers whatever it rolls).
pub(super) fn decided(position: &Position, rules: RuleSet) -> Option<Probabilities> {
    let mover_off = position.mover_off();
    if mover_off == CHECKERS {
        return Some(Probabilities::decided(
            position.win_kind_for_mover(rules),
            true,
        ));
    }
    if position.opponent_off() == CHECKERS {
        let kind = position.flipped().win_kind_for_mover(rules);
        return Some(Probabilities::decided(kind, false));
    }
    // Only a side with one or two checkers left can be sure to finish in one roll.
    (mover_off >= CHECKERS - 2 && wins_next_roll(position, rules))
        .then(|| Probabilities::decided(position.win_kind_for_mover(rules), true))
}

/// The exact chances of a race the one-sided databases cover: a bear-off with every
/// checker home, or a side's last few checkers (before the rule-outs of
/// [`possible_only`]).
pub(super) fn exact_race(position: &Position) -> Option<Probabilities> {
    bearoff_chances(position).or_else(|| last_checkers_chances(position))
}

/// Zeroes the outcomes the position rules out: no gammon against a side that has borne
/// a checker off, no backgammons when the rules count them as gammons.
pub(super) fn possible_only(
    mut p: Probabilities,
    position: &Position,
    rules: RuleSet,
) -> Probabilities {
    if position.opponent_off() > 0 {
        p.win_gammon = 0.0;
        p.win_backgammon = 0.0;
    }
    if position.mover_off() > 0 {
        p.lose_gammon = 0.0;
        p.lose_backgammon = 0.0;
    }
    if !rules.backgammons {
        p.win_backgammon = 0.0;
        p.lose_backgammon = 0.0;
    }
    p
}
