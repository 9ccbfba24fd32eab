//! One test per rule of GAME.md §3–§4, written Given / When / Then.

use gamao::notation::PlayString;
use gamao::pos;
use gamao::rules::{
    Dice, Play, Position, RuleSet, StepError, TurnError, TurnSteps, WinKind, BAR, OFF,
};

fn dice(text: &str) -> Dice {
    text.parse().expect("test dice")
}

/// The legal plays as sorted play strings ("" for no move).
fn plays(position: &Position, roll: &str, rules: RuleSet) -> Vec<String> {
    let mut written: Vec<String> = position
        .legal_plays(dice(roll), rules)
        .iter()
        .map(|p| PlayString::from_play(p).to_string())
        .collect();
    written.sort();
    written
}

fn standard(position: &Position, roll: &str) -> Vec<String> {
    plays(position, roll, RuleSet::STANDARD)
}

fn after(position: &Position, play: &Play) -> Position {
    let mut next = *position;
    next.apply_play(play).expect("legal play applies");
    next
}

#[test]
fn a_point_held_by_two_opposing_checkers_is_closed() {
    // Given a checker on 13 and o's points on 10 and 12
    let position = pos!(x 13:1, 1:14; o 10:2, 12:2);
    // When the roll is 3-1 (13/10 and 13/12 both closed, so 13/9 has no landing point)
    // Then there is no move
    assert_eq!(standard(&position, "31"), vec![""]);
}

#[test]
fn landing_on_a_blot_hits_it_to_the_bar() {
    // Given an o blot on x's 10
    let position = pos!(x 13:2, 6:13; o 10:1, 24:14);
    // When x plays 13/10*
    let play = "13/10* 13/12".parse::<PlayString>().unwrap();
    let play = play
        .to_play(&position, dice("31"), RuleSet::STANDARD)
        .unwrap();
    let next = after(&position, &play);
    // Then the blot is on o's bar and x holds 10
    assert_eq!(next.opponent_bar(), 1);
    assert_eq!(next.opponent_at(10), 0);
    assert_eq!(next.mover_at(10), 1);
}

#[test]
fn doubles_are_played_four_times() {
    // Given the opening position  When the roll is 6-6
    let all = Position::start().legal_plays(dice("66"), RuleSet::STANDARD);
    // Then every play uses four sixes
    assert_eq!(all.len(), 11);
    assert!(all
        .iter()
        .all(|p| p.len() == 4 && p.steps().iter().all(|s| s.die == 6)));
}

#[test]
fn checkers_on_the_bar_enter_before_any_other_moves() {
    // Given a checker on the bar and an open board
    let position = pos!(x bar:1, 13:14; o 1:2);
    // When the roll is 6-2  Then every play starts by entering
    for play in position.legal_plays(dice("62"), RuleSet::STANDARD) {
        assert_eq!(play.steps()[0].from, BAR);
    }
    // And moving another checker first is refused with the reason
    let mut turn = TurnSteps::new(position, dice("62"), RuleSet::STANDARD);
    assert_eq!(
        turn.make_step(13, 6),
        Err(TurnError::Step(StepError::MustEnterFirst))
    );
}

#[test]
fn no_entry_on_a_closed_home_board_loses_the_turn() {
    // Given a checker on the bar and o's home board closed
    let position = pos!(x bar:1, 6:14; o 19:2, 20:2, 21:2, 22:2, 23:2, 24:2);
    // When any roll is thrown  Then the only play is the empty one
    for roll in Dice::ALL {
        let all = position.legal_plays(roll, RuleSet::STANDARD);
        assert_eq!(all, vec![Play::NONE], "{roll}");
    }
}

#[test]
fn two_on_the_bar_and_one_point_open_enters_one_and_loses_the_rest() {
    // Given two checkers on the bar and only x's 22 open
    let position = pos!(x bar:2, 6:13; o 19:2, 20:2, 21:2, 23:2, 24:2);
    // When the roll is 6-3  Then one enters with the 3 and the 6 is lost
    assert_eq!(standard(&position, "63"), vec!["bar/22"]);
}

#[test]
fn dice_left_after_the_last_entry_move_any_checker() {
    // Given one checker on the bar, x's 23 closed and 22 open
    let position = pos!(x bar:1, 6:14; o 23:2);
    // When the roll is 3-2  Then the 3 enters and the 2 moves any checker
    assert_eq!(standard(&position, "32"), vec!["bar/20", "bar/22 6/4"]);
}

#[test]
fn bearing_off_needs_every_checker_home() {
    // Given a checker on x's 7 and the rest home
    let position = pos!(x 7:1, 2:14; o 24:2);
    // When the roll is 2-1 (2/off would be exact)
    // Then no play bears off before the checker on 7 is home
    let all = position.legal_plays(dice("21"), RuleSet::STANDARD);
    for play in &all {
        let first_off = play.steps().iter().position(|s| s.to == OFF);
        if let Some(i) = first_off {
            assert!(play.steps()[..i].iter().any(|s| s.from == 7), "{play:?}");
        }
    }
    assert!(all.iter().any(|p| p.steps().iter().any(|s| s.to == OFF)));
}

#[test]
fn a_larger_die_bears_off_only_from_the_highest_point() {
    // Given checkers on 5 and 2
    let position = pos!(x 5:1, 2:1; o 20:2);
    // When the roll is 6-1  Then the 6 never bears off the checker on 2
    assert_eq!(standard(&position, "61"), vec!["5/off", "5/off 2/1"]);
    let mut turn = TurnSteps::new(position, dice("61"), RuleSet::STANDARD);
    assert_eq!(
        turn.make_step(2, 6),
        Err(TurnError::Step(StepError::HigherCheckerFirst))
    );
}

#[test]
fn bearing_off_is_not_compulsory() {
    // Given checkers on 6 and 4, both home
    let position = pos!(x 6:1, 4:1; o 20:2);
    // When the roll is 4-2  Then plays that bear off and plays that do not are both legal
    let all = standard(&position, "42");
    assert!(all.iter().any(|p| p.contains("off")));
    assert!(all.iter().any(|p| !p.contains("off")), "{all:?}");
}

#[test]
fn a_checker_hit_during_the_bear_off_must_come_home_first() {
    // Given x bearing off with one checker back on the bar
    let position = pos!(x bar:1, 3:14; o 20:2);
    // When the roll is 6-1  Then nothing is borne off this turn
    assert_eq!(standard(&position, "61"), vec!["bar/18", "bar/19 3/2"]);
}

#[test]
fn both_dice_must_be_played_when_possible() {
    // Given a single checker on 24 and o holding x's 18
    let position = pos!(x 24:1; o 18:2);
    // When the roll is 6-1  Then the only play uses both, the 1 first
    assert_eq!(standard(&position, "61"), vec!["24/17"]);
    // And playing the 1 first is the only way step by step
    let mut turn = TurnSteps::new(position, dice("61"), RuleSet::STANDARD);
    assert_eq!(
        turn.make_step(24, 6),
        Err(TurnError::Step(StepError::Blocked { to: 18 }))
    );
    assert_eq!(turn.make_step(24, 1).map(|s| s.to), Ok(23));
    assert_eq!(turn.make_step(23, 6).map(|s| s.to), Ok(17));
    assert!(turn.is_complete());
}

#[test]
fn larger_die_must_be_played_when_only_one_fits() {
    // Given a single checker on 24 and o holding x's 17
    let position = pos!(x 24:1; o 17:2);
    // When the roll is 6-1 (either die alone fits, never both)
    // Then the 6 must be played
    assert_eq!(standard(&position, "61"), vec!["24/18"]);
    let mut turn = TurnSteps::new(position, dice("61"), RuleSet::STANDARD);
    assert_eq!(
        turn.make_step(24, 1),
        Err(TurnError::MustPlayDie { die: 6 })
    );
}

#[test]
fn the_smaller_die_is_played_when_the_larger_cannot_be() {
    // Given o holding x's 18 and 17
    let position = pos!(x 24:1; o 18:2, 17:2);
    // When the roll is 6-1  Then the 1 alone is played
    assert_eq!(standard(&position, "61"), vec!["24/23"]);
}

#[test]
fn doubles_partly_blocked_play_as_many_as_possible() {
    // Given o holding x's 16
    let position = pos!(x 24:1; o 16:2);
    // When the roll is 4-4  Then only one four can be played
    assert_eq!(standard(&position, "44"), vec!["24/20"]);
    // And with two checkers, three fours fit (24/20/16 is blocked for each)
    let two = pos!(x 24:1, 9:1; o 16:2);
    let all = two.legal_plays(dice("44"), RuleSet::STANDARD);
    assert!(all.iter().all(|p| p.len() == 3), "{all:?}");
}

#[test]
fn a_step_that_would_strand_a_die_is_refused_mid_turn() {
    // Given checkers on 24 and 2 (so no bear-off), and o holding x's 18
    let position = pos!(x 24:1, 2:1; o 18:2);
    let mut turn = TurnSteps::new(position, dice("61"), RuleSet::STANDARD);
    // When x plays 2/1 first, the 6 could no longer be played (24/18 is closed)
    // Then that step is refused, since 24/23/17 plays both dice
    assert_eq!(turn.make_step(2, 1), Err(TurnError::MustUseMoreDice));
    assert_eq!(turn.legal_next_steps().len(), 1);
    assert_eq!(turn.make_step(24, 1).map(|s| s.to), Ok(23));
    assert_eq!(turn.undo_step().map(|s| s.from), Some(24));
    assert_eq!(turn.current(), &position);
}

#[test]
fn minimise_wasted_pips_keeps_only_the_thriftiest_bear_off() {
    // Given checkers on 5 and 1
    let position = pos!(x 5:1, 1:1; o 20:2);
    // When the roll is 6-4
    // Then the standard rules allow 5/off 1/off (waste 4) and 5/1/off (waste 5)
    assert_eq!(standard(&position, "64"), vec!["5/off", "5/off 1/off"]);
    // And "minimise wasted pips" allows only the first
    assert_eq!(
        plays(&position, "64", RuleSet::SEED_001),
        vec!["5/off 1/off"]
    );
    let mut turn = TurnSteps::new(position, dice("64"), RuleSet::SEED_001);
    assert_eq!(turn.make_step(5, 4), Err(TurnError::WastesPips));
}

#[test]
fn plays_reaching_the_same_position_are_one_play() {
    // Given the opening position  When the roll is 2-1
    // Then 24/22/21, 24/23/21 are one play, as 13/11 6/5 is one play however ordered
    let all = Position::start().legal_plays(dice("21"), RuleSet::STANDARD);
    let mut keys: Vec<u128> = all
        .iter()
        .map(|p| after(&Position::start(), p).key())
        .collect();
    keys.sort_unstable();
    keys.dedup();
    assert_eq!(keys.len(), all.len());
    assert_eq!(all.len(), 15);
}

#[test]
fn a_win_with_the_loser_off_is_single() {
    let position = pos!(x 1:1; o 20:14);
    let play = position.legal_plays(dice("21"), RuleSet::STANDARD)[0];
    assert_eq!(
        after(&position, &play).mover_win(RuleSet::STANDARD),
        Some(WinKind::Single)
    );
}

#[test]
fn a_win_with_nothing_borne_off_by_the_loser_is_a_gammon() {
    let position = pos!(x 1:1; o 12:15);
    let play = position.legal_plays(dice("21"), RuleSet::STANDARD)[0];
    assert_eq!(
        after(&position, &play).mover_win(RuleSet::STANDARD),
        Some(WinKind::Gammon)
    );
}

#[test]
fn backgammon_from_the_bar_counts_triple_when_the_rule_is_on() {
    // Given o with a checker on the bar and none borne off
    let position = pos!(x 1:1; o bar:1, 12:14);
    let play = position.legal_plays(dice("21"), RuleSet::STANDARD)[0];
    let finished = after(&position, &play);
    // Then it is a backgammon, or a gammon without the backgammon rule
    assert_eq!(
        finished.mover_win(RuleSet::STANDARD),
        Some(WinKind::Backgammon)
    );
    assert_eq!(finished.mover_win(RuleSet::SEED_001), Some(WinKind::Gammon));
}

#[test]
fn backgammon_from_the_winners_home_board() {
    let position = pos!(x 1:1; o 3:1, 12:14);
    let play = position.legal_plays(dice("21"), RuleSet::STANDARD)[0];
    assert_eq!(
        after(&position, &play).mover_win(RuleSet::STANDARD),
        Some(WinKind::Backgammon)
    );
}

#[test]
fn the_game_goes_on_while_checkers_remain() {
    assert_eq!(Position::start().mover_win(RuleSet::STANDARD), None);
}

#[test]
fn pip_counts_add_the_distance_of_every_checker() {
    let position = pos!(x bar:1, 6:2; o bar:2, 19:1);
    // x: 25 + 2×6 = 37; o: 2×25 + (25 − 19) = 56
    assert_eq!(position.pip_counts(), (37, 56));
}

#[test]
fn every_destination_of_a_checker_with_single_dice_and_combinations() {
    // Given the opening position and 6-5
    let turn = TurnSteps::new(Position::start(), dice("65"), RuleSet::STANDARD);
    // When asking where the checker on 24 can go
    let places: Vec<u8> = turn.destinations(24).iter().map(|d| d.to).collect();
    // Then 18 (the 6) and 13 (both, through 18); 19 is o's 6-point, closed
    assert_eq!(places, vec![18, 13]);
    let to13 = turn
        .destinations(24)
        .into_iter()
        .find(|d| d.to == 13)
        .unwrap();
    assert_eq!(to13.steps.len(), 2);
}

#[test]
fn single_steps_are_checked_and_explained() {
    let position = pos!(x 13:1, 6:14; o 10:2);
    let mut turn = TurnSteps::new(position, dice("31"), RuleSet::STANDARD);
    assert_eq!(
        turn.make_step(13, 3),
        Err(TurnError::Step(StepError::Blocked { to: 10 }))
    );
    assert_eq!(
        turn.make_step(12, 1),
        Err(TurnError::Step(StepError::NoChecker { from: 12 }))
    );
    assert_eq!(
        turn.make_step(13, 5),
        Err(TurnError::Step(StepError::NoSuchDie { die: 5 }))
    );
    assert_eq!(turn.current(), &position);
}
