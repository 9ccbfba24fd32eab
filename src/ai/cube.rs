//! Cube decisions and resignations from cubeless probabilities.
//!
//! Janowski's general model: a cubeful equity is the blend `x · live + (1 − x) · dead`
//! of the cubeless ("dead cube") equity and the equity with a perfectly efficient cube,
//! which is linear in the chance of winning between the take and cash points. In match
//! play the same construction runs on match winning chances from the match equity
//! table: take points are worked out for every cube level from the highest useful one
//! down (a take's value depends on the redouble it allows), so the score's quirks —
//! gammons that do not count, a cube already dead, the Crawford rule — follow from the
//! table rather than from special cases.

use super::evaluator::Probabilities;
use super::met::MatchEquityTable;
use crate::match_play::{CrawfordState, Cube};
use crate::notation::MatchId;
use crate::rules::{BySide, Position, Side, WinKind};

/// How well a live cube is used, between 0 (a dead cube) and 1. GNU Backgammon's
/// literature puts practical values at 0.6–0.8; races use the cube better.
const CONTACT_EFFICIENCY: f64 = 0.68;
const RACE_EFFICIENCY: f64 = 0.80;
/// Playing on instead of cashing must be worth more than this: below it, the
/// difference is the rounding of gammon chances that are all but nil.
const PLAY_ON_MARGIN: f64 = 0.001;
/// The highest cube value.
const MAX_CUBE: u32 = 64;

/// Who holds the cube, seen by the side on roll.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CubeHolder {
    Centred,
    OnRoll,
    Opponent,
}

impl CubeHolder {
    /// Who holds a cube owned by `owner` (`None`: centred), seen by `side`.
    #[must_use]
    pub fn seen_by(side: Side, owner: Option<Side>) -> CubeHolder {
        match owner {
            None => CubeHolder::Centred,
            Some(owner) if owner == side => CubeHolder::OnRoll,
            Some(_) => CubeHolder::Opponent,
        }
    }
}

/// The score a decision is made at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// A money game: equities are points per game.
    Money,
    /// A match: equities are chances of winning the match.
    Match {
        on_roll_away: u32,
        opponent_away: u32,
        crawford: CrawfordState,
    },
}

impl Score {
    /// The score of `side` with `score` points in a match to `target` (`None`: a money
    /// session) with the Crawford rule at `crawford`.
    #[must_use]
    pub fn of(
        side: Side,
        target: Option<u32>,
        score: BySide<u32>,
        crawford: CrawfordState,
    ) -> Score {
        match target {
            None => Score::Money,
            Some(target) => Score::Match {
                on_roll_away: target.saturating_sub(*score.get(side)),
                opponent_away: target.saturating_sub(*score.get(side.other())),
                crawford,
            },
        }
    }
}

/// The situation of a cube decision for the side on roll, before it rolls.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CubeSituation {
    pub value: u32,
    pub holder: CubeHolder,
    pub score: Score,
    /// Both sides have passed each other: the cube is used better.
    pub race: bool,
}

impl CubeSituation {
    /// The cube in the middle at 1 at `score`, in a race when `race`: a game's first cube
    /// decision, or a position looked at on its own.
    #[must_use]
    pub const fn centred(score: Score, race: bool) -> CubeSituation {
        CubeSituation {
            value: 1,
            holder: CubeHolder::Centred,
            score,
            race,
        }
    }

    /// The situation of `side`, on roll in `position` with `cube`, in a match to
    /// `target` points (`None`: a money session) standing at `score` with the Crawford
    /// rule at `crawford`: what the computer decides on in a live match and what the
    /// analysis judges in a replayed one.
    #[must_use]
    pub fn in_game(
        side: Side,
        position: &Position,
        cube: Cube,
        target: Option<u32>,
        score: BySide<u32>,
        crawford: CrawfordState,
    ) -> CubeSituation {
        CubeSituation {
            value: cube.value(),
            holder: CubeHolder::seen_by(side, cube.owner()),
            score: Score::of(side, target, score, crawford),
            race: position.is_race(),
        }
    }

    /// The situation a GNU Backgammon Match ID describes for the side it has to act
    /// (before the Crawford game or in it; a score one point short of the target outside
    /// the Crawford game is taken as post-Crawford), with `position` seen by that side.
    #[must_use]
    pub fn from_match_id(position: &Position, id: &MatchId) -> CubeSituation {
        let me = id.turn;
        let one_short = id.score.get(me).saturating_add(1) == id.length
            || id.score.get(me.other()).saturating_add(1) == id.length;
        let crawford = match (id.crawford, one_short) {
            (true, _) => CrawfordState::CrawfordGame,
            (false, true) => CrawfordState::PostCrawford,
            (false, false) => CrawfordState::Pending,
        };
        let target = (id.length > 0).then_some(id.length);
        CubeSituation {
            value: 1 << id.cube_log2.min(6),
            holder: CubeHolder::seen_by(me, id.cube_owner),
            score: Score::of(me, target, id.score, crawford),
            race: position.is_race(),
        }
    }
}

impl CubeSituation {
    /// The situation after the side on roll doubles and the opponent takes, seen by the
    /// doubler; `None` where it may not double (the opponent holds the cube, the
    /// Crawford game, or a cube that can change nothing).
    #[must_use]
    pub fn after_take(&self) -> Option<CubeSituation> {
        let in_crawford = matches!(
            self.score,
            Score::Match {
                crawford: CrawfordState::CrawfordGame,
                ..
            }
        );
        let alive = self.payoff().cube_alive(self.value);
        (self.holder != CubeHolder::Opponent && alive && !in_crawford).then_some(CubeSituation {
            value: 2 * self.value,
            holder: CubeHolder::Opponent,
            ..*self
        })
    }

    /// The side on roll's equity when the opponent passes its double.
    #[must_use]
    pub fn cash(&self) -> f64 {
        self.payoff().after(i64::from(self.value))
    }

    fn payoff(&self) -> Payoff<'static> {
        Payoff {
            score: self.score,
            met: MatchEquityTable::kazaross_xg2(),
        }
    }
}

/// What the side on roll should do with the cube.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CubeAction {
    /// It may not double (the opponent holds the cube, the Crawford game, the cube
    /// at its maximum, or the side already won the match with a single game).
    Unavailable,
    NoDouble,
    DoubleTake,
    DoublePass,
    /// Winning a gammon is likely enough to play on instead of cashing.
    TooGoodToDouble,
}

/// The three equities of a cube decision (points per game at the current cube for
/// money, match winning chances for a match) and what to do.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CubeAdvice {
    pub no_double: f64,
    pub double_take: f64,
    pub double_pass: f64,
    pub action: CubeAction,
    /// Whether the opponent should take if doubled.
    pub take: bool,
}

impl CubeAdvice {
    /// The advice from the three equities of the side on roll, which may double: the
    /// opponent takes when taking leaves the doubler no more than a pass would.
    #[must_use]
    pub fn from_equities(no_double: f64, double_take: f64, double_pass: f64) -> CubeAdvice {
        advise(
            no_double,
            double_take,
            double_pass,
            true,
            double_take <= double_pass,
        )
    }
}

/// The equity of the side on roll after the game ends with it winning (positive) or
/// losing (negative) `points`: money points, or its match winning chance.
#[derive(Clone, Copy, Debug)]
struct Payoff<'a> {
    score: Score,
    met: &'a MatchEquityTable,
}

impl Payoff<'_> {
    fn after(&self, points: i64) -> f64 {
        match self.score {
            Score::Money => points as f64,
            Score::Match {
                on_roll_away,
                opponent_away,
                crawford,
            } => {
                let gained = points.max(0) as u32;
                let lost = (-points).max(0) as u32;
                let me = on_roll_away.saturating_sub(gained);
                let them = opponent_away.saturating_sub(lost);
                // Once this game is the Crawford game or later, later games are post-Crawford.
                let post = crawford != CrawfordState::Pending;
                self.met.win_chance_capped(me, them, post)
            }
        }
    }

    /// Whether doubling from `value` can change anything: beyond it, every result
    /// already decides the match (or the cube is at its maximum).
    fn cube_alive(&self, value: u32) -> bool {
        if value >= MAX_CUBE {
            return false;
        }
        match self.score {
            Score::Money => true,
            Score::Match {
                on_roll_away,
                opponent_away,
                ..
            } => value < on_roll_away.max(opponent_away),
        }
    }
}

/// Game outcomes for one side with the cube at `value`: the average equity of its wins,
/// of its losses, and the cubeless ("dead cube") equity.
#[derive(Clone, Copy, Debug)]
struct Outcomes {
    win: f64,
    wins: f64,
    losses: f64,
}

impl Outcomes {
    /// `p` seen by the side whose `payoff` is given, at cube `value`.
    fn new(p: &Probabilities, payoff: &Payoff, value: u32, sign: i64) -> Outcomes {
        let v = i64::from(value);
        let at = |k: i64| payoff.after(sign * k * v);
        let (win, wg, wbg) = (
            f64::from(p.win),
            f64::from(p.win_gammon),
            f64::from(p.win_backgammon),
        );
        let (lg, lbg) = (f64::from(p.lose_gammon), f64::from(p.lose_backgammon));
        let lose = 1.0 - win;
        let average = |total: f64, parts: f64, fallback: f64| {
            if total > 1e-9 {
                parts / total
            } else {
                fallback
            }
        };
        let wins = average(
            win,
            (win - wg) * at(1) + (wg - wbg) * at(2) + wbg * at(3),
            at(1),
        );
        let losses = average(
            lose,
            (lose - lg) * at(-1) + (lg - lbg) * at(-2) + lbg * at(-3),
            at(-1),
        );
        Outcomes { win, wins, losses }
    }

    fn dead(&self) -> f64 {
        self.win * self.wins + (1.0 - self.win) * self.losses
    }
}

/// Take points of both sides at every cube level, from the highest down.
struct TakePoints {
    /// `(level, on roll's take point, opponent's take point)`, by cube value.
    levels: Vec<(u32, f64, f64)>,
}

impl TakePoints {
    /// Each side's take point of a cube at every value from 2 up, in that side's own
    /// winning chance, blending the dead take point with the live one (which counts the
    /// redouble the taker will own).
    fn new(p: &Probabilities, payoff: &Payoff, efficiency: f64) -> TakePoints {
        let mut values = vec![2u32];
        while payoff.cube_alive(values[values.len() - 1]) {
            let next = values[values.len() - 1] * 2;
            values.push(next);
        }
        let mut levels: Vec<(u32, f64, f64)> = Vec::new();
        let inverted = p.inverted();
        for &value in values.iter().rev() {
            let mine = Outcomes::new(p, payoff, value, 1);
            let theirs_seen_by_me = Outcomes::new(&inverted, payoff, value, -1);
            let next = levels.last().copied();
            let take_point =
                |me: &Outcomes, pass: f64, cash: f64, redouble_cash_point: Option<f64>| {
                    let dead = ((pass - me.losses) / (me.wins - me.losses)).clamp(0.0, 1.0);
                    let live = match redouble_cash_point {
                        // Owning the cube: linear from losing everything to cashing.
                        Some(cp) => (cp * (pass - me.losses) / (cash - me.losses)).clamp(0.0, 1.0),
                        None => dead,
                    };
                    efficiency * live + (1.0 - efficiency) * dead
                };
            let v = i64::from(value);
            // The side on roll takes `value`: passing loses value/2, and it can later
            // redouble to cash value when the opponent would pass at 2·value.
            let my_pass = payoff.after(-v / 2);
            let my_cash = payoff.after(v);
            let my_cp = next
                .filter(|_| payoff.cube_alive(value))
                .map(|(_, _, theirs)| 1.0 - theirs);
            let mine_tp = take_point(&mine, my_pass, my_cash, my_cp);
            // The same for the opponent, in its own chances: equities are the side on
            // roll's, so the opponent's are one minus (match) or minus (money) them.
            let flip = |e: f64| match payoff.score {
                Score::Money => -e,
                Score::Match { .. } => 1.0 - e,
            };
            let their = Outcomes {
                win: theirs_seen_by_me.win,
                wins: flip(theirs_seen_by_me.wins),
                losses: flip(theirs_seen_by_me.losses),
            };
            let their_pass = flip(payoff.after(v / 2));
            let their_cash = flip(payoff.after(-v));
            let their_cp = next
                .filter(|_| payoff.cube_alive(value))
                .map(|(_, mine, _)| 1.0 - mine);
            let theirs_tp = take_point(&their, their_pass, their_cash, their_cp);
            levels.push((value, mine_tp, theirs_tp));
        }
        levels.reverse();
        TakePoints { levels }
    }

    /// (side on roll's, opponent's) take points of a cube of `value`.
    fn at(&self, value: u32) -> Option<(f64, f64)> {
        self.levels
            .iter()
            .find(|(v, _, _)| *v == value)
            .map(|&(_, a, b)| (a, b))
    }
}

/// Linear interpolation through two points, held flat outside them.
fn line(p: f64, (p0, e0): (f64, f64), (p1, e1): (f64, f64)) -> f64 {
    if p <= p0 {
        e0
    } else if p >= p1 {
        e1
    } else {
        e0 + (e1 - e0) * (p - p0) / (p1 - p0)
    }
}

/// The cube decision for the side on roll with cubeless chances `p`.
#[must_use]
pub fn cube_advice(p: &Probabilities, situation: &CubeSituation) -> CubeAdvice {
    let payoff = situation.payoff();
    let x = if situation.race {
        RACE_EFFICIENCY
    } else {
        CONTACT_EFFICIENCY
    };
    let c = situation.value;
    let v = i64::from(c);
    let win = f64::from(p.win);
    let now = Outcomes::new(p, &payoff, c, 1);
    let doubled = Outcomes::new(p, &payoff, 2 * c, 1);
    let points = TakePoints::new(p, &payoff, x);
    let blend = |dead: f64, live: f64| x * live + (1.0 - x) * dead;
    let (lose_c, win_c) = (payoff.after(-v), payoff.after(v));
    // Take points of the next cube (2c): where the opponent would double me out, and
    // where I could cash.
    let next = points.at(2 * c).filter(|_| payoff.cube_alive(c));
    let in_crawford = matches!(
        situation.score,
        Score::Match {
            crawford: CrawfordState::CrawfordGame,
            ..
        }
    );
    let can_double = situation.after_take().is_some();
    let live_no_double = match (situation.holder, next) {
        (_, None) => now.dead(),
        (_, Some(_)) if in_crawford => now.dead(),
        // Past my cash point the cube is no longer turned: I play on for the gammons.
        (CubeHolder::Centred | CubeHolder::OnRoll, Some((_, theirs))) if win > 1.0 - theirs => {
            line(win, (1.0 - theirs, win_c), (1.0, now.wins.max(win_c)))
        }
        // Below my take point the opponent plays on for its gammons rather than cash.
        (CubeHolder::Centred | CubeHolder::Opponent, Some((mine, _))) if win < mine => {
            line(win, (0.0, now.losses.min(lose_c)), (mine, lose_c))
        }
        (CubeHolder::Centred, Some((mine, theirs))) => {
            line(win, (mine, lose_c), (1.0 - theirs, win_c))
        }
        (CubeHolder::OnRoll, Some((_, theirs))) => {
            line(win, (0.0, now.losses), (1.0 - theirs, win_c))
        }
        (CubeHolder::Opponent, Some((mine, _))) => line(win, (mine, lose_c), (1.0, now.wins)),
    };
    let no_double = blend(now.dead(), live_no_double);
    // Double, take: the opponent owns 2c and may redouble me out at my take point of 4c.
    let live_double_take = match points.at(4 * c) {
        Some((mine, _)) if win < mine => line(
            win,
            (0.0, doubled.losses.min(payoff.after(-2 * v))),
            (mine, payoff.after(-2 * v)),
        ),
        Some((mine, _)) => line(win, (mine, payoff.after(-2 * v)), (1.0, doubled.wins)),
        None => doubled.dead(),
    };
    let double_take = blend(doubled.dead(), live_double_take);
    let take = next.is_some_and(|(_, theirs)| 1.0 - win >= theirs);
    advise(no_double, double_take, win_c, can_double, take)
}

/// The cube decision of the side on roll from its three equities, where it may double
/// when `can_double` and the opponent should take when `take`.
pub(super) fn advise(
    no_double: f64,
    double_take: f64,
    double_pass: f64,
    can_double: bool,
    take: bool,
) -> CubeAdvice {
    let action = match (can_double, take) {
        (false, _) => CubeAction::Unavailable,
        (true, true) if double_take > no_double => CubeAction::DoubleTake,
        (true, true) => CubeAction::NoDouble,
        (true, false) if double_pass > no_double - PLAY_ON_MARGIN => CubeAction::DoublePass,
        (true, false) => CubeAction::TooGoodToDouble,
    };
    CubeAdvice {
        no_double,
        double_take,
        double_pass,
        action,
        take,
    }
}

/// The equity of the side on roll with its best cube action (it may double or not).
pub(super) fn best_equity(advice: &CubeAdvice) -> f64 {
    match advice.action {
        CubeAction::DoubleTake | CubeAction::DoublePass => {
            advice.double_take.min(advice.double_pass)
        }
        _ => advice.no_double,
    }
}

/// Whether to accept the opponent's offer to resign at `level`, the opponent being on
/// roll with chances `resigner` in `situation` (seen by the resigner): accepting is
/// right when the points offered are worth at least playing on.
#[must_use]
pub fn accept_resignation(
    resigner: &Probabilities,
    situation: &CubeSituation,
    level: WinKind,
) -> bool {
    let payoff = Payoff {
        score: situation.score,
        met: MatchEquityTable::kazaross_xg2(),
    };
    let offered = payoff.after(-i64::from(level.points() * situation.value));
    // Both are the resigner's equities: accept when the offer leaves it no more.
    offered <= best_equity(&cube_advice(resigner, situation)) + 1e-9
}

/// What playing on may cost beyond a resignation for the side to prefer resigning:
/// 0.02 points a cube at money, half a percent of match winning chances.
fn resignation_tolerance(score: Score, value: u32) -> f64 {
    match score {
        Score::Money => 0.02 * f64::from(value),
        Score::Match { .. } => 0.005,
    }
}

/// The level the side on roll, with chances `p`, should offer to resign at: the lowest
/// one the opponent should accept, when it costs next to nothing over playing on.
#[must_use]
pub fn resignation_to_offer(p: &Probabilities, situation: &CubeSituation) -> Option<WinKind> {
    let payoff = Payoff {
        score: situation.score,
        met: MatchEquityTable::kazaross_xg2(),
    };
    let playing_on = best_equity(&cube_advice(p, situation));
    let tolerance = resignation_tolerance(situation.score, situation.value);
    [WinKind::Single, WinKind::Gammon, WinKind::Backgammon]
        .into_iter()
        .map(|level| {
            (
                level,
                payoff.after(-i64::from(level.points() * situation.value)),
            )
        })
        .find(|&(_, resigned)| resigned <= playing_on + 1e-9)
        .filter(|&(_, resigned)| playing_on - resigned <= tolerance)
        .map(|(level, _)| level)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Chances with no gammons, or with `gammons` of the wins (and none of the losses).
    fn chances(win: f32, gammons: f32) -> Probabilities {
        Probabilities {
            win,
            win_gammon: win * gammons,
            win_backgammon: 0.0,
            lose_gammon: 0.0,
            lose_backgammon: 0.0,
        }
    }

    fn money(holder: CubeHolder) -> CubeSituation {
        CubeSituation {
            value: 1,
            holder,
            score: Score::Money,
            race: false,
        }
    }

    fn at_score(on_roll_away: u32, opponent_away: u32, crawford: CrawfordState) -> CubeSituation {
        let score = Score::Match {
            on_roll_away,
            opponent_away,
            crawford,
        };
        CubeSituation::centred(score, false)
    }

    #[test]
    fn a_game_situation_is_seen_by_the_side_on_roll() {
        // Given a 5-point match at White 3, Red 1, Red owning the cube at 2, in contact
        let cube = Cube::CENTRED.taken_by(Side::Red);
        let score = BySide { white: 3, red: 1 };
        let contact = Position::start();
        let situation = |side| {
            CubeSituation::in_game(side, &contact, cube, Some(5), score, CrawfordState::Pending)
        };
        // Then each side sees its own distance to go first and the cube from its side
        let match_score = |on_roll_away, opponent_away| Score::Match {
            on_roll_away,
            opponent_away,
            crawford: CrawfordState::Pending,
        };
        let white = situation(Side::White);
        assert_eq!((white.value, white.holder), (2, CubeHolder::Opponent));
        assert_eq!(white.score, match_score(2, 4));
        assert!(!white.race);
        let red = situation(Side::Red);
        assert_eq!((red.value, red.holder), (2, CubeHolder::OnRoll));
        assert_eq!(red.score, match_score(4, 2));
        // And a money session with a centred cube in a race has no score
        let race = crate::pos!(x 6:15; o 19:15);
        let money = CubeSituation::in_game(
            Side::Red,
            &race,
            Cube::CENTRED,
            None,
            score,
            CrawfordState::Pending,
        );
        assert_eq!(money, CubeSituation::centred(Score::Money, true));
    }

    #[test]
    fn a_match_id_gives_the_situation_of_the_side_to_act() {
        use crate::notation::GameState;
        // Given a 5-point match where Red, to act, holds the cube at 4
        let id = |red: u32, white: u32, crawford: bool, length: u32| MatchId {
            cube_log2: 2,
            cube_owner: Some(Side::Red),
            on_roll: Side::Red,
            crawford,
            state: GameState::Playing,
            turn: Side::Red,
            double_offered: false,
            resignation: None,
            dice: [0, 0],
            length,
            score: BySide { white, red },
            jacoby: false,
        };
        let contact = Position::start();
        let situation = |red, white, crawford, length| {
            CubeSituation::from_match_id(&contact, &id(red, white, crawford, length))
        };
        let at = |on_roll_away, opponent_away, crawford| Score::Match {
            on_roll_away,
            opponent_away,
            crawford,
        };
        // Then Red sees its cube and its own distance first
        let pending = situation(1, 2, false, 5);
        assert_eq!((pending.value, pending.holder), (4, CubeHolder::OnRoll));
        assert_eq!(pending.score, at(4, 3, CrawfordState::Pending));
        // And the Crawford game is the ID's flag; a side one point short without it is past it
        assert_eq!(
            situation(1, 4, true, 5).score,
            at(4, 1, CrawfordState::CrawfordGame)
        );
        assert_eq!(
            situation(1, 4, false, 5).score,
            at(4, 1, CrawfordState::PostCrawford)
        );
        assert_eq!(
            situation(4, 2, false, 5).score,
            at(1, 3, CrawfordState::PostCrawford)
        );
        // And length 0 is a money session
        assert_eq!(situation(0, 0, false, 0).score, Score::Money);
    }

    #[test]
    fn money_take_point_is_janowskis() {
        // Gammonless: (L − ½) / (W + L + ½x) = 0.5 / (2 + 0.34) = 21.4%.
        let janowski = 0.5 / (2.0 + 0.5 * CONTACT_EFFICIENCY);
        let just_take = cube_advice(
            &chances(1.0 - (janowski as f32 + 0.005), 0.0),
            &money(CubeHolder::Centred),
        );
        let just_pass = cube_advice(
            &chances(1.0 - (janowski as f32 - 0.005), 0.0),
            &money(CubeHolder::Centred),
        );
        assert!(just_take.take && !just_pass.take);
    }

    #[test]
    fn money_decisions_across_the_range() {
        let decide =
            |win, gammons| cube_advice(&chances(win, gammons), &money(CubeHolder::Centred)).action;
        assert_eq!(decide(0.55, 0.0), CubeAction::NoDouble);
        assert_eq!(decide(0.74, 0.0), CubeAction::DoubleTake);
        assert_eq!(decide(0.85, 0.0), CubeAction::DoublePass);
        assert_eq!(decide(0.95, 0.7), CubeAction::TooGoodToDouble);
    }

    #[test]
    fn a_cube_held_by_the_opponent_cannot_be_turned() {
        let advice = cube_advice(&chances(0.9, 0.0), &money(CubeHolder::Opponent));
        assert_eq!(advice.action, CubeAction::Unavailable);
    }

    #[test]
    fn a_game_all_but_won_without_gammons_is_cashed_not_played_on() {
        // Looked ahead, a game won but for a roll or two is worth its cash and the
        // rounding of gammon chances that are all but nil: a hair is no reason to play on.
        let hair = advise(1.000_000_4, 1.86, 1.0, true, false);
        assert_eq!(hair.action, CubeAction::DoublePass);
        let gammons = advise(1.02, 1.86, 1.0, true, false);
        assert_eq!(gammons.action, CubeAction::TooGoodToDouble);
    }

    #[test]
    fn owning_the_cube_waits_longer_than_a_centred_cube() {
        let centred = cube_advice(&chances(0.72, 0.0), &money(CubeHolder::Centred));
        let owned = cube_advice(&chances(0.72, 0.0), &money(CubeHolder::OnRoll));
        assert_eq!(centred.action, CubeAction::DoubleTake);
        assert_eq!(owned.action, CubeAction::NoDouble);
    }

    #[test]
    fn no_cube_in_the_crawford_game_or_at_double_match_point() {
        let crawford = cube_advice(
            &chances(0.7, 0.0),
            &at_score(3, 1, CrawfordState::CrawfordGame),
        );
        assert_eq!(crawford.action, CubeAction::Unavailable);
        let dmp = cube_advice(
            &chances(0.7, 0.0),
            &at_score(1, 1, CrawfordState::PostCrawford),
        );
        assert_eq!(dmp.action, CubeAction::Unavailable);
    }

    #[test]
    fn the_trailer_doubles_at_once_after_crawford_and_the_leader_takes() {
        // 4-away against 1-away after the Crawford game: the leader's cube is worthless,
        // so the trailer doubles even as an underdog and the leader takes.
        let advice = cube_advice(
            &chances(0.45, 0.0),
            &at_score(4, 1, CrawfordState::PostCrawford),
        );
        assert_eq!(advice.action, CubeAction::DoubleTake);
    }

    #[test]
    fn match_play_passes_and_takes_follow_the_table() {
        let five_all = at_score(5, 5, CrawfordState::Pending);
        assert!(cube_advice(&chances(0.7, 0.0), &five_all).take);
        assert!(!cube_advice(&chances(0.9, 0.0), &five_all).take);
        // Equities are match winning chances here.
        let advice = cube_advice(&chances(0.6, 0.0), &five_all);
        assert!(
            advice.no_double > 0.5 && advice.no_double < 1.0,
            "{advice:?}"
        );
    }

    #[test]
    fn a_hopeless_side_resigns_at_the_level_it_would_lose() {
        let money = money(CubeHolder::Centred);
        let lost = Probabilities {
            win: 0.0,
            win_gammon: 0.0,
            win_backgammon: 0.0,
            lose_gammon: 0.0,
            lose_backgammon: 0.0,
        };
        assert_eq!(resignation_to_offer(&lost, &money), Some(WinKind::Single));
        let gammoned = Probabilities {
            lose_gammon: 1.0,
            ..lost
        };
        assert_eq!(
            resignation_to_offer(&gammoned, &money),
            Some(WinKind::Gammon)
        );
        assert_eq!(resignation_to_offer(&chances(0.3, 0.0), &money), None);
    }

    #[test]
    fn resignations_are_accepted_when_they_give_at_least_the_game_s_worth() {
        let money = money(CubeHolder::Centred);
        // The resigner will surely lose a gammon: a single is refused, a gammon taken.
        let gammoned = Probabilities {
            win: 0.0,
            win_gammon: 0.0,
            win_backgammon: 0.0,
            lose_gammon: 1.0,
            lose_backgammon: 0.0,
        };
        assert!(!accept_resignation(&gammoned, &money, WinKind::Single));
        assert!(accept_resignation(&gammoned, &money, WinKind::Gammon));
        // With real chances left, even a backgammon offer is worth accepting.
        assert!(accept_resignation(
            &chances(0.4, 0.1),
            &money,
            WinKind::Backgammon
        ));
        assert!(accept_resignation(
            &chances(0.4, 0.1),
            &money,
            WinKind::Single
        ));
    }
}
