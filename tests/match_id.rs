//! GNU Backgammon Match IDs: known IDs from GNU Backgammon 1.07 (made by
//! `tests/gnubg/match_ids.py`), round trips, and the IDs of matches in play.

mod common;

use common::{act, move_any, ScriptedDice};
use gamao::clock::TimeControl;
use gamao::match_play::{
    play_randomly, Action, ActionError, Cube, GameSetup, Match, MatchLength, MatchOptions,
    SetupError,
};
use gamao::notation::{GameState, MatchId, ParseMatchIdError, PositionId};
use gamao::rules::{BySide, Position, Side, WinKind};

/// One row of `tests/gnubg/match_ids.py`'s output: cube value, owner (-1 centred),
/// player on roll, Crawford, game state, player to decide, doubled, resignation, dice,
/// length, scores, and GNU Backgammon's ID (Jacoby off).
type Row = (
    u32,
    i8,
    u8,
    u8,
    u8,
    u8,
    u8,
    u8,
    u8,
    u8,
    u32,
    u32,
    u32,
    &'static str,
);

const KNOWN: [Row; 13] = [
    (1, -1, 0, 0, 1, 0, 0, 0, 5, 1, 5, 0, 0, "MIGmAAAAAAAE"),
    (1, -1, 1, 0, 1, 1, 0, 0, 0, 0, 5, 0, 0, "cAmgAAAAAAAE"),
    (2, 1, 0, 0, 1, 0, 0, 0, 6, 3, 7, 2, 4, "EQHvACAAIAAE"),
    (4, 0, 1, 0, 1, 0, 1, 0, 0, 0, 7, 3, 5, "QhHgADAAKAAE"),
    (1, -1, 0, 1, 1, 0, 0, 0, 2, 2, 9, 8, 3, "sAEpAYAAGAAE"),
    (64, 1, 1, 0, 1, 1, 0, 0, 4, 1, 0, 0, 0, "VgkGAAAAAAAE"),
    (8, 0, 0, 0, 1, 1, 0, 2, 0, 0, 25, 17, 24, "A0kgAxABwAAE"),
    (1, -1, 1, 0, 1, 0, 0, 3, 0, 0, 3, 1, 1, "cGFgABAACAAE"),
    (2, 0, 1, 0, 2, 1, 0, 0, 0, 0, 11, 10, 9, "QQpgAaAASAAE"),
    (16, 1, 0, 0, 4, 0, 0, 0, 0, 0, 0, 0, 0, "FAQAAAAAAAAE"),
    (2, 1, 1, 0, 1, 0, 1, 0, 0, 0, 7, 3, 5, "URHgADAAKAAE"),
    (1, -1, 0, 0, 1, 0, 0, 0, 3, 1, 3, 0, 0, "MIFlAAAAAAAE"),
    (1, -1, 1, 0, 1, 1, 0, 0, 6, 2, 3, 2, 1, "cAlrACAACAAE"),
];

fn side(n: u8) -> Side {
    if n == 0 {
        Side::White
    } else {
        Side::Red
    }
}

fn fields(row: &Row) -> MatchId {
    let (cube, owner, on_roll, crawford, state, turn, doubled, resigned, d1, d2, length, s0, s1, _) =
        *row;
    MatchId {
        cube_log2: cube.trailing_zeros() as u8,
        cube_owner: (owner >= 0).then(|| side(owner as u8)),
        on_roll: side(on_roll),
        crawford: crawford == 1,
        state: [
            GameState::NoGame,
            GameState::Playing,
            GameState::Over,
            GameState::Resigned,
            GameState::Dropped,
        ][usize::from(state)],
        turn: side(turn),
        double_offered: doubled == 1,
        resignation: [
            None,
            Some(WinKind::Single),
            Some(WinKind::Gammon),
            Some(WinKind::Backgammon),
        ][usize::from(resigned)],
        dice: [d1, d2],
        length,
        score: BySide { white: s0, red: s1 },
        jacoby: false,
    }
}

#[test]
fn known_gnubg_match_ids_decode_and_encode_bit_exactly() {
    for row in &KNOWN {
        let id = row.13;
        assert_eq!(id.parse::<MatchId>(), Ok(fields(row)), "decoding {id}");
        assert_eq!(fields(row).to_string(), id, "encoding {}", row.13);
    }
}

#[test]
fn match_ids_of_random_matches_round_trip() {
    for seed in 0..20 {
        let mut options = MatchOptions::seed_000(MatchLength::Points(1 + 2 * (seed as u32 % 12)));
        options.time_control = TimeControl::None;
        let mut m = Match::new(options).unwrap();
        play_randomly(&mut m, seed, 0).unwrap();
        let id = m.match_id();
        assert_eq!(id.to_string().parse::<MatchId>(), Ok(id));
        assert_eq!(id.to_string().len(), 12);
    }
}

#[test]
fn a_match_in_play_has_gnubgs_ids() {
    // Given a 5-point match where White wins the opening roll 5-1
    let mut options = MatchOptions::seed_000(MatchLength::Points(5));
    options.time_control = TimeControl::None;
    let mut m = Match::new(options).unwrap();
    assert_eq!(m.match_id().state, GameState::NoGame);
    act(
        &mut m,
        Side::White,
        Action::OpeningRoll,
        0,
        &mut ScriptedDice::new(&[[5, 1]]),
    );
    // Then the ID is GNU Backgammon's for White on roll with 5-1
    assert_eq!(m.match_id().to_string(), "MIGmAAAAAAAE");
    // And after White's play, with Red to roll
    move_any(&mut m, Side::White, 0);
    act(
        &mut m,
        Side::White,
        Action::EndTurn,
        0,
        &mut ScriptedDice::new(&[]),
    );
    assert_eq!(m.match_id().to_string(), "cAmgAAAAAAAE");
    assert_eq!(m.view(0).match_id, "cAmgAAAAAAAE");
}

#[test]
fn a_cube_offer_has_gnubgs_id() {
    // Given a 7-point match at 3-5, Red owning the cube at 2 and on roll
    let mut setup = GameSetup::new(Position::start(), Side::Red);
    setup.score = BySide { white: 3, red: 5 };
    setup.cube = Cube::from_parts(1, Some(Side::Red)).unwrap();
    let mut options = MatchOptions::seed_000(MatchLength::Points(7));
    options.time_control = TimeControl::None;
    let mut m = Match::from_setup(options, setup).unwrap();
    // When Red doubles
    act(
        &mut m,
        Side::Red,
        Action::Double,
        0,
        &mut ScriptedDice::new(&[]),
    );
    // Then White is to decide on a double offered at cube 2
    assert_eq!(m.match_id().to_string(), "URHgADAAKAAE");
}

#[test]
fn malformed_match_ids_are_refused() {
    assert_eq!(
        "MIGmAAAA".parse::<MatchId>(),
        Err(ParseMatchIdError::BadLength(8))
    );
    assert_eq!(
        "MIGmAAAAAA!E".parse::<MatchId>(),
        Err(ParseMatchIdError::BadCharacter('!'))
    );
    // Game states 5-7 do not exist: the third character carries that field's bits
    let states: Vec<_> = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
        .chars()
        .filter_map(|c| {
            let id = format!("MI{c}mAAAAAAAE");
            match id.parse::<MatchId>() {
                Err(ParseMatchIdError::BadGameState(s)) => Some(s),
                _ => None,
            }
        })
        .collect();
    assert!(states.contains(&5) && states.contains(&7), "{states:?}");
    // Dice 7 and 0
    let mut seven = fields(&KNOWN[0]);
    seven.dice = [7, 0];
    assert_eq!(
        seven.to_string().parse::<MatchId>(),
        Err(ParseMatchIdError::BadDice([7, 0]))
    );
}

/// IDs GNU Backgammon showed during a real match (`tests/gnubg/match_ids_in_play.py`):
/// dice rolled, a double offered, a resignation offered, the Crawford game and after.
fn ids_from_a_gnubg_match() -> Vec<(&'static str, &'static str, &'static str)> {
    include_str!("data/gnubg_match_ids_in_play.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let fields: Vec<&str> = l.split_whitespace().collect();
            (fields[0], fields[1], fields[2])
        })
        .collect()
}

#[test]
fn a_match_set_up_from_gnubgs_ids_shows_the_same_ids() {
    let ids = ids_from_a_gnubg_match();
    for what in ["rolled", "cube-offered", "resignation-offered", "crawford-"] {
        assert!(ids.iter().any(|(w, _, _)| w.starts_with(what)), "{what}");
    }
    for (what, position_id, match_id) in ids {
        // Given GNU Backgammon's IDs
        let position = position_id.parse::<PositionId>().unwrap().0;
        let id: MatchId = match_id.parse().unwrap();
        // When a match is set up from them
        let (setup, length) = GameSetup::from_ids(position, &id).unwrap();
        let mut options = MatchOptions::seed_000(length);
        options.time_control = TimeControl::None;
        let m = Match::from_setup(options, setup)
            .unwrap_or_else(|e| panic!("{what} {position_id} {match_id}: {e}"));
        // Then the match shows the same IDs (dice, offer, Crawford state kept)
        let view = m.view(0);
        assert_eq!(
            (view.position_id.as_str(), view.match_id.as_str()),
            (position_id, match_id),
            "{what}"
        );
    }
}

#[test]
fn a_setup_whose_offer_cannot_happen_is_refused() {
    // Given GNU Backgammon's IDs of a resignation offered
    let (_, position_id, match_id) = ids_from_a_gnubg_match()
        .into_iter()
        .find(|(w, _, _)| *w == "resignation-offered")
        .unwrap();
    let position = position_id.parse::<PositionId>().unwrap().0;
    let (setup, length) = GameSetup::from_ids(position, &match_id.parse().unwrap()).unwrap();
    // When the match's resignations are direct, not offered
    let options = MatchOptions::seed_001(length);
    // Then the setup is refused with the reason
    assert!(matches!(
        Match::from_setup(options, setup),
        Err(SetupError::TurnRefused(ActionError::WrongResignationStyle))
    ));
}
