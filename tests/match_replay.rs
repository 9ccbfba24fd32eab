//! Replaying a match from its own record (`replay_frames`): the same frames a `.mat` file
//! of it gives, and the replay of a match set up from a position, which no `.mat` holds.

mod common;

use gamao::clock::TimeControl;
use gamao::match_play::{
    play_randomly, replay_frames, Action, FrameEvent, GameSetup, Match, MatchLength, MatchOptions,
    Phase, ReplayFrame,
};
use gamao::notation::{read_mat, write_mat, PositionId};
use gamao::rules::{ScriptedDice, Side, WinKind};

fn options(length: MatchLength) -> MatchOptions {
    let mut options = MatchOptions::seed_000(length);
    options.time_control = TimeControl::None;
    options
}

/// What a frame shows, without the play's writing (a `.mat` file writes `24/18 18/13`
/// where standard notation writes `24/13`).
fn shown(frame: &ReplayFrame) -> (u32, String, String) {
    let event = match &frame.event {
        FrameEvent::Play { side, dice, .. } => format!("{side} {dice:?}"),
        other => format!("{other:?}"),
    };
    (frame.game, event, frame.view.position_id.clone())
}

#[test]
fn a_match_from_the_opening_replays_as_its_mat_file_does() {
    for seed in 1..=20 {
        let mut m = Match::new(options(MatchLength::Points(1 + (seed as u32 % 4) * 2))).unwrap();
        play_randomly(&mut m, seed, 0).expect("random play is legal");
        let from_mat = read_mat(&write_mat(&m).unwrap()).unwrap().frames;
        let own = replay_frames(&m);
        assert_eq!(
            own.iter().map(shown).collect::<Vec<_>>(),
            from_mat.iter().map(shown).collect::<Vec<_>>(),
            "seed {seed}"
        );
        let last = own.last().unwrap();
        assert_eq!(last.view.score, m.view(m.last_ms()).score, "seed {seed}");
    }
}

#[test]
fn a_match_set_up_from_a_position_replays_from_that_position() {
    let position = "4HXwATDgc/ABMA".parse::<PositionId>().unwrap().0;
    let mut m = Match::from_setup(
        options(MatchLength::Points(5)),
        GameSetup::new(position, Side::White),
    )
    .unwrap();
    play_randomly(&mut m, 7, 0).expect("random play is legal");
    assert!(write_mat(&m).is_err(), "no .mat file holds it");
    let frames = replay_frames(&m);
    assert_eq!(frames[0].event, FrameEvent::Start);
    assert_eq!(frames[0].view.position_id, "4HXwATDgc/ABMA");
    let plays: usize = m.games().iter().map(|g| g.log().len()).sum();
    let starts = frames
        .iter()
        .filter(|f| f.event == FrameEvent::Start)
        .count();
    assert_eq!(starts, m.games().len(), "a start per game");
    assert_eq!(
        frames.len(),
        plays + starts,
        "a frame per half-move (no resignation here)"
    );
    let last = frames.last().unwrap();
    assert_eq!(last.view.position_id, m.view(m.last_ms()).position_id);
    assert_eq!(last.view.score, m.view(m.last_ms()).score);
    assert!(matches!(m.phase(), Phase::MatchOver { .. }));
    // The first play is written in standard notation, the mover's numbering.
    let FrameEvent::Play { side, play, .. } = &frames[1].event else {
        panic!("the first half-move is a play: {:?}", frames[1].event);
    };
    assert_eq!(*side, Side::White);
    assert!(play.contains('/'), "{play}");
}

#[test]
fn a_resignation_closes_its_game_with_a_frame() {
    let mut m = Match::new(options(MatchLength::Points(5))).unwrap();
    let mover = common::play_opening_turn(&mut m, [5, 2]);
    let mut dice = ScriptedDice::default();
    let loser = mover.other();
    m.act(
        loser,
        Action::OfferResignation {
            level: WinKind::Single,
        },
        0,
        &mut dice,
    )
    .unwrap();
    m.act(mover, Action::AcceptResignation, 0, &mut dice)
        .unwrap();
    let events: Vec<FrameEvent> = replay_frames(&m).into_iter().map(|f| f.event).collect();
    assert_eq!(events.len(), 3, "{events:?}");
    assert_eq!(events[0], FrameEvent::Start);
    assert!(matches!(events[1], FrameEvent::Play { side, .. } if side == mover));
    assert_eq!(events[2], FrameEvent::Resign { side: loser });
}
