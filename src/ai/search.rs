//! Choosing a checker play the way GNU Backgammon does: every play at 0-ply, the best
//! few within a margin again at 1-ply (the opponent's 21 rolls), the best of those again
//! at 2-ply (each of the opponent's best replies looked at 1-ply from our side), and
//! noise for the weaker levels. Asked for 3 plies, the best few of the 2-ply stage are
//! looked at once more, 3 plies deep.
//!
//! Each stage reuses the one before: the opponent's best reply to each roll is found
//! once, at 0-ply, and only looked at more deeply; a 3-ply look goes on from the play's
//! 2-ply look.

use super::analysis::Stakes;
use super::cube::CubeSituation;
use super::evaluator::{Evaluator, Probabilities};
use super::two_ply_look::TwoPlyLook;
use crate::rng::Rng;
use crate::rules::{Dice, LegalPlay, MoveGen, Position, RuleSet};

/// How many of the best 0-ply plays are looked at again at 1-ply.
const ONE_PLY_CANDIDATES: usize = 8;
/// Plays further than this below the best at 0-ply are not looked at again.
const ONE_PLY_MARGIN: f32 = 0.16;
/// How many of the best 1-ply plays are looked at again at 2-ply.
const TWO_PLY_CANDIDATES: usize = 4;
/// Plays further than this below the best at 1-ply are not looked at at 2-ply.
const TWO_PLY_MARGIN: f32 = 0.08;
/// How many of the best 2-ply plays are looked at again at 3-ply, when asked.
const THREE_PLY_CANDIDATES: usize = 3;
/// Plays further than this below the best at 2-ply are not looked at at 3-ply.
const THREE_PLY_MARGIN: f32 = 0.10;

/// How strongly the computer plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    /// 0-ply with large noise: plays like a casual player.
    Beginner,
    /// 0-ply with small noise.
    Intermediate,
    /// The filtered 2-ply look-ahead, no noise.
    Expert,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 3] = [Level::Beginner, Level::Intermediate, Level::Expert];

    /// The standard deviation of the noise added to each play's equity.
    fn noise(self) -> f32 {
        match self {
            Level::Beginner => 0.12,
            Level::Intermediate => 0.04,
            Level::Expert => 0.0,
        }
    }

    /// How far ahead the level looks at its best plays.
    #[must_use]
    pub fn plies(self) -> u8 {
        match self {
            Level::Beginner | Level::Intermediate => 0,
            Level::Expert => 2,
        }
    }

    /// How far ahead the level looks before a cube decision or a resignation: the
    /// expert at 2-ply, and at 3-ply again where a cube decision is close
    /// ([`Searcher::level_cube_advice`]; `docs/STRENGTH.md` has the figures).
    #[must_use]
    pub fn cube_plies(self) -> u8 {
        match self {
            Level::Beginner | Level::Intermediate => 0,
            Level::Expert => 2,
        }
    }

    /// The level called `name` (`beginner`, `intermediate`, `expert`).
    #[must_use]
    pub fn from_name(name: &str) -> Option<Level> {
        match name {
            "beginner" => Some(Level::Beginner),
            "intermediate" => Some(Level::Intermediate),
            "expert" => Some(Level::Expert),
            _ => None,
        }
    }
}

/// A play with its equity for the side making it, at the depth it was seen: cubeless
/// money equity, or at the stakes given ([`Searcher::at_stakes`]) the cubeful equity
/// normalised to one point at the cube.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RankedPlay {
    /// Its index among the legal plays given.
    pub index: usize,
    pub equity: f32,
    /// 0 to 3: how far ahead it was looked at (3 only by [`Searcher::rank_three_plies`]).
    pub plies: u8,
}

/// A position some rolls lead to: the side on roll's best 0-ply play of each, seen by
/// the other side, now on roll.
#[derive(Clone, Copy, Debug)]
pub(super) struct Reached {
    /// The rolls' summed weight, out of 36.
    pub(super) weight: u8,
    pub(super) position: Position,
    /// The 0-ply chances there of the side now on roll.
    pub(super) chances: Probabilities,
    /// The index in [`Dice::ALL`] of the first roll that leads to it.
    pub(super) roll: usize,
}

/// The opponent's best 0-ply reply to each of its rolls, each position once.
pub(super) type Replies = Vec<Reached>;

/// The rolls at the last ply of a 3-ply look, in three groups of a third of
/// the weight: each five mixed rolls that make a path through the six numbers (each
/// number in one or two of them) and two doubles.
const ROLL_THIRDS: [[Dice; 7]; 3] = [
    [
        Dice::Mixed(2, 1),
        Dice::Mixed(6, 2),
        Dice::Mixed(6, 3),
        Dice::Mixed(5, 3),
        Dice::Mixed(5, 4),
        Dice::Double(1),
        Dice::Double(6),
    ],
    [
        Dice::Mixed(3, 2),
        Dice::Mixed(3, 1),
        Dice::Mixed(4, 1),
        Dice::Mixed(6, 4),
        Dice::Mixed(6, 5),
        Dice::Double(2),
        Dice::Double(5),
    ],
    [
        Dice::Mixed(4, 3),
        Dice::Mixed(4, 2),
        Dice::Mixed(5, 2),
        Dice::Mixed(5, 1),
        Dice::Mixed(6, 1),
        Dice::Double(3),
        Dice::Double(4),
    ],
];

/// The rolls a ply averages over.
#[derive(Clone, Copy, Debug)]
pub(super) enum Rolls {
    /// All 21.
    All,
    /// One of the [`ROLL_THIRDS`], each roll weighing three times its chance.
    Third(usize),
}

impl Rolls {
    /// The last ply's rolls in a 3-ply look, after two rolls whose indices in
    /// [`Dice::ALL`] sum to `before`: the third after them in turn, so that across the
    /// look every roll is used as often.
    pub(super) fn last_of_three(before: usize) -> Rolls {
        Rolls::Third(before % 3)
    }

    /// The rolls, and how many times its chance each weighs.
    fn dice(self) -> (&'static [Dice], u8) {
        match self {
            Rolls::All => (&Dice::ALL, 1),
            Rolls::Third(third) => (&ROLL_THIRDS[third], 3),
        }
    }
}

/// Ranks and chooses plays. Holds the buffers of the look-ahead.
#[derive(Debug)]
pub struct Searcher<'a> {
    evaluator: &'a Evaluator,
    /// One move generator per depth: a slice from one is in use while the next works.
    movegens: [MoveGen; 2],
    /// The 0-ply equities of the plays being ranked.
    equities: Vec<f32>,
    rng: Rng,
    /// The cube and score plays are chosen for; cubeless money play when `None`.
    stakes: Option<Stakes>,
}

impl<'a> Searcher<'a> {
    /// A searcher using `evaluator`; `seed` drives the weaker levels' noise.
    #[must_use]
    pub fn new(evaluator: &'a Evaluator, seed: u64) -> Searcher<'a> {
        Searcher {
            evaluator,
            movegens: [MoveGen::new(), MoveGen::new()],
            equities: Vec::new(),
            rng: Rng::seeded(seed),
            stakes: None,
        }
    }

    /// The same searcher choosing plays for the cube and score of `situation` (seen by
    /// the side to play): on cubeful equity, match winning chances in a match, with the
    /// opponent's cube decision after the play taken as it should be.
    #[must_use]
    pub fn at_stakes(mut self, situation: CubeSituation) -> Searcher<'a> {
        self.set_stakes(Some(situation));
        self
    }

    /// Chooses plays for the cube and score of `situation` from now on (cubeless money
    /// play when `None`).
    pub fn set_stakes(&mut self, situation: Option<CubeSituation>) {
        self.stakes = situation.map(|situation| Stakes { situation });
    }

    /// The equity of a play leaving `after` (seen by its mover) with chances `p` for
    /// the mover.
    fn value(&self, p: &Probabilities, after: &Position) -> f32 {
        match &self.stakes {
            None => p.equity(),
            Some(stakes) => stakes.normalise(stakes.after_play(p, after)) as f32,
        }
    }

    /// Every play ranked best first: all at 0-ply, then when `deep` the expert's
    /// filtered look-ahead (plays seen deeper rank above the rest).
    pub fn rank(&mut self, plays: &[LegalPlay], rules: RuleSet, deep: bool) -> Vec<RankedPlay> {
        self.rank_to(plays, rules, if deep { Level::Expert.plies() } else { 0 })
    }

    /// Every play ranked best first, looked at up to `plies` (0, 1 or 2; more is 2)
    /// deep: all at 0-ply, the best few within a margin at 1-ply, the best of those at
    /// 2-ply.
    pub fn rank_to(&mut self, plays: &[LegalPlay], rules: RuleSet, plies: u8) -> Vec<RankedPlay> {
        self.rank_keeping_looks(plays, rules, plies.min(2)).0
    }

    /// Every play ranked best first, looked at up to 3 plies deep: as
    /// [`Searcher::rank_to`] 2-ply, then the best few of the 2-ply stage again at 3-ply,
    /// each going on from its 2-ply look ([`Searcher::three_ply_from`]). Apart from
    /// `rank_to` so that a build that never looks 3 plies ahead (the page's worker)
    /// leaves this stage out.
    pub fn rank_three_plies(&mut self, plays: &[LegalPlay], rules: RuleSet) -> Vec<RankedPlay> {
        let (mut ranked, looks) = self.rank_keeping_looks(plays, rules, 3);
        if ranked.len() < 2 || ranked[1].plies < 2 {
            return ranked;
        }
        let best = ranked[0].equity;
        for candidate in ranked.iter_mut().take(THREE_PLY_CANDIDATES) {
            if candidate.plies < 2 || candidate.equity < best - THREE_PLY_MARGIN {
                break;
            }
            if let Some((_, look)) = looks.iter().find(|(i, _)| *i == candidate.index) {
                let chances = self.three_ply_from(look, rules);
                candidate.equity = self.value(&chances, look.after());
                candidate.plies = 3;
            }
        }
        sort(&mut ranked);
        ranked
    }

    /// [`Searcher::rank_to`] up to 2 plies; asked for more, it also keeps the 2-ply look
    /// of each play seen 2-ply deep, for [`Searcher::rank_three_plies`] (only then: the
    /// expert's own decisions drop each look once its equity is known).
    fn rank_keeping_looks(
        &mut self,
        plays: &[LegalPlay],
        rules: RuleSet,
        plies: u8,
    ) -> (Vec<RankedPlay>, Vec<(usize, TwoPlyLook)>) {
        let mut ranked: Vec<RankedPlay> = if self.stakes.is_none() {
            self.evaluator
                .equities_after(plays, rules, &mut self.equities);
            self.equities
                .iter()
                .enumerate()
                .map(|(index, &equity)| RankedPlay {
                    index,
                    equity,
                    plies: 0,
                })
                .collect()
        } else {
            plays
                .iter()
                .enumerate()
                .map(|(index, legal)| {
                    let mine = self.evaluator.evaluate(&legal.position.flipped(), rules);
                    RankedPlay {
                        index,
                        equity: self.value(&mine.inverted(), &legal.position),
                        plies: 0,
                    }
                })
                .collect()
        };
        sort(&mut ranked);
        let mut looks: Vec<(usize, TwoPlyLook)> = Vec::new();
        if plies == 0 || ranked.len() < 2 {
            return (ranked, looks);
        }
        let best = ranked[0].equity;
        let mut replies: Vec<(usize, Probabilities, Replies)> = Vec::new();
        for candidate in ranked.iter_mut().take(ONE_PLY_CANDIDATES) {
            if candidate.equity < best - ONE_PLY_MARGIN {
                break;
            }
            let (chances, best_replies) =
                self.one_ply_chances(&plays[candidate.index].position, rules);
            candidate.equity = self.value(&chances, &plays[candidate.index].position);
            candidate.plies = 1;
            replies.push((candidate.index, chances, best_replies));
        }
        sort(&mut ranked);
        if plies < 2 || ranked[1].plies < 1 {
            return (ranked, looks);
        }
        let best = ranked[0].equity;
        for candidate in ranked.iter_mut().take(TWO_PLY_CANDIDATES) {
            if candidate.plies < 1 || candidate.equity < best - TWO_PLY_MARGIN {
                break;
            }
            if let Some((_, one_ply, best_replies)) =
                replies.iter_mut().find(|(i, _, _)| *i == candidate.index)
            {
                let after = &plays[candidate.index].position;
                let look = self.two_ply_from(after, *one_ply, std::mem::take(best_replies), rules);
                candidate.equity = self.value(&look.chances(), after);
                candidate.plies = 2;
                if plies > 2 {
                    looks.push((candidate.index, look));
                }
            }
        }
        sort(&mut ranked);
        (ranked, looks)
    }

    /// The index of the play `level` chooses among `plays` (never empty).
    pub fn choose(&mut self, plays: &[LegalPlay], rules: RuleSet, level: Level) -> usize {
        let ranked = self.rank_to(plays, rules, level.plies());
        let sigma = level.noise();
        if sigma == 0.0 {
            return ranked[0].index;
        }
        ranked
            .iter()
            .map(|r| (r.index, r.equity + sigma * self.gaussian()))
            .max_by(|a, b| a.1.total_cmp(&b.1))
            .map_or(0, |(index, _)| index)
    }

    /// The chances of the side on roll in `position`, before it rolls: at 0-ply, or at
    /// 1-ply (averaged over its 21 rolls, each played as best at 0-ply) when `deep`.
    pub fn chances(&mut self, position: &Position, rules: RuleSet, deep: bool) -> Probabilities {
        self.chances_at(position, rules, u8::from(deep))
    }

    /// The chances of the side on roll in `position`, before it rolls, looked at `plies`
    /// deep (0 to 3; more is looked at 3 deep): at 2-ply, each of its 21 rolls is played
    /// as best at 0-ply and the opponent's chances after it are looked at 1-ply; at
    /// 3-ply, at 2-ply (every roll of every ply: about 21 times the work of 2-ply, for
    /// labels rather than play).
    pub fn chances_at(&mut self, position: &Position, rules: RuleSet, plies: u8) -> Probabilities {
        match plies {
            0 => self.evaluator.evaluate(position, rules),
            1 => self.chances_on_roll(position, rules, 0, Rolls::All),
            2 => self.two_ply_chances(position, rules),
            _ => self.three_ply_chances(position, rules),
        }
    }

    /// [`Searcher::chances_at`] 3-ply: each of the 21 rolls played as best at 0-ply, and
    /// the opponent's chances after it looked at 2-ply.
    fn three_ply_chances(&mut self, position: &Position, rules: RuleSet) -> Probabilities {
        if let Some(exact) = super::evaluator::decided(position, rules) {
            return exact;
        }
        let mut total = [0.0f32; 5];
        for reached in &self.best_plays(position, rules, Rolls::All) {
            let theirs = self.two_ply_chances(&reached.position, rules);
            accumulate(&mut total, reached.weight, &theirs.inverted());
        }
        average(&total)
    }

    /// The positions the side on roll in `position` leaves with its best 0-ply play of
    /// each of `rolls`, each position once.
    pub(super) fn best_plays(
        &mut self,
        position: &Position,
        rules: RuleSet,
        rolls: Rolls,
    ) -> Replies {
        let (of_rolls, scale) = rolls.dice();
        let mut plays: Replies = Vec::with_capacity(of_rolls.len());
        for (roll, dice) in Dice::ALL.into_iter().enumerate() {
            if of_rolls.contains(&dice) {
                let (theirs, after) = self.best_reply(position, dice, rules, 0);
                add_reached(&mut plays, roll, scale, after, theirs);
            }
        }
        plays
    }

    /// [`Searcher::chances_at`] 2-ply.
    fn two_ply_chances(&mut self, position: &Position, rules: RuleSet) -> Probabilities {
        if let Some(exact) = super::evaluator::decided(position, rules) {
            return exact;
        }
        let mut total = [0.0f32; 5];
        for reached in &self.best_plays(position, rules, Rolls::All) {
            let theirs = self.chances_on_roll(&reached.position, rules, 1, Rolls::All);
            accumulate(&mut total, reached.weight, &theirs.inverted());
        }
        average(&total)
    }

    /// The equity of a play for the side making it, averaged over the opponent's 21
    /// rolls, each answered by the opponent's best 0-ply play.
    pub fn one_ply(&mut self, play: &LegalPlay, rules: RuleSet) -> f32 {
        self.one_ply_chances(&play.position, rules).0.equity()
    }

    /// The chances of the side that left `after` (seen by that side, the opponent to
    /// roll), looked at `plies` (0 to 3) ahead as [`Searcher::rank_to`] looks at a play.
    /// At 3-ply each reply is looked at 2-ply, the opponent's rolls of its last ply cut
    /// to a third (`ROLL_THIRDS`, taken in turn by the indices of the two rolls before
    /// it, so that every roll is used as often): a third of the work of the whole look,
    /// whose equities it follows closely (`docs/ANALYSIS.md` has the figures).
    pub fn chances_after(&mut self, after: &Position, rules: RuleSet, plies: u8) -> Probabilities {
        match plies {
            0 => self.evaluator.evaluate(&after.flipped(), rules).inverted(),
            1 => self.one_ply_chances(after, rules).0,
            2 => self.two_ply_look(after, rules).chances(),
            _ => {
                let look = self.two_ply_look(after, rules);
                self.three_ply_from(&look, rules)
            }
        }
    }

    /// The 1-ply chances of a play leaving `after` for the side making it, and the
    /// opponent's best 0-ply reply to each roll (for a 2-ply look to reuse).
    pub(super) fn one_ply_chances(
        &mut self,
        after: &Position,
        rules: RuleSet,
    ) -> (Probabilities, Replies) {
        if after.mover_win(rules).is_some() {
            let exact = self.evaluator.evaluate(&after.flipped(), rules);
            return (exact.inverted(), Vec::new());
        }
        let opponent = after.flipped();
        let mut replies = Vec::with_capacity(Dice::ALL.len());
        let mut total = [0.0f32; 5];
        for (roll, dice) in Dice::ALL.into_iter().enumerate() {
            let (mine, after) = self.best_reply(&opponent, dice, rules, 0);
            accumulate(&mut total, dice.weight(), &mine);
            add_reached(&mut replies, roll, 1, after, mine);
        }
        (average(&total), replies)
    }

    /// The 1-ply chances of the side on roll in `position`, before rolling, over
    /// `rolls`, using move generator `depth` for its own plays.
    pub(super) fn chances_on_roll(
        &mut self,
        position: &Position,
        rules: RuleSet,
        depth: usize,
        rolls: Rolls,
    ) -> Probabilities {
        if let Some(exact) = super::evaluator::decided(position, rules) {
            return exact;
        }
        let (dice, scale) = rolls.dice();
        let mut total = [0.0f32; 5];
        for &dice in dice {
            let (theirs, _) = self.best_reply(position, dice, rules, depth);
            accumulate(&mut total, scale * dice.weight(), &theirs.inverted());
        }
        average(&total)
    }

    /// The best 0-ply play of the side on roll in `position` with `dice`: the chances
    /// after it for the other side (now on roll), and that position seen by it.
    pub(super) fn best_reply(
        &mut self,
        position: &Position,
        dice: Dice,
        rules: RuleSet,
        depth: usize,
    ) -> (Probabilities, Position) {
        let plays = self.movegens[depth].generate(position, dice, rules);
        match self.evaluator.best_reply(plays, rules) {
            Some((i, theirs)) => (theirs, plays[i].position.flipped()),
            None => {
                let after = position.flipped();
                (self.evaluator.evaluate(&after, rules), after)
            }
        }
    }

    /// A standard normal sample (Box–Muller).
    fn gaussian(&mut self) -> f32 {
        let u = self.rng.unit_f64().max(f64::MIN_POSITIVE);
        let v = self.rng.unit_f64();
        ((-2.0 * u.ln()).sqrt() * (std::f64::consts::TAU * v).cos()) as f32
    }
}

/// Adds the position roll `roll` (its index in [`Dice::ALL`]) leads to, with the 0-ply
/// `chances` there of the side now on roll, to the ones already reached, the roll
/// weighing `scale` times its chance: a position reached by several rolls (a dance from
/// the bar, two rolls played alike) is kept once with their weights summed, so that
/// looking deeper from it is done once.
pub(super) fn add_reached(
    reached: &mut Replies,
    roll: usize,
    scale: u8,
    position: Position,
    chances: Probabilities,
) {
    let weight = scale * Dice::ALL[roll].weight();
    match reached.iter_mut().find(|seen| seen.position == position) {
        Some(seen) => seen.weight += weight,
        None => reached.push(Reached {
            weight,
            position,
            chances,
            roll,
        }),
    }
}

/// Deeper looks first, then by equity, best first.
fn sort(ranked: &mut [RankedPlay]) {
    ranked.sort_by(|a, b| b.plies.cmp(&a.plies).then(b.equity.total_cmp(&a.equity)));
}

/// Adds `weight` times `chances` to a running total.
pub(super) fn accumulate(total: &mut [f32; 5], weight: u8, chances: &Probabilities) {
    for (sum, p) in total.iter_mut().zip(chances.to_array()) {
        *sum += f32::from(weight) * p;
    }
}

/// A total over the 36 rolls as chances.
pub(super) fn average(total: &[f32; 5]) -> Probabilities {
    Probabilities::from_outputs(total.map(|sum| sum / 36.0))
}
