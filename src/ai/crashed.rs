//! Crashed positions: contact where one side has almost nothing left in play, the
//! class of position GNU Backgammon gives a network of its own. Such games turn on a
//! few checkers on the bar or stuck behind a board that must break, which the network
//! judges worst (`weights/TRAINING.md`, "Crashed positions rolled out").

use crate::rules::{Position, CHECKERS};

/// A side has crashed when at most this many of its checkers are in play besides those
/// on its ace point and the spares on its 2-point.
const CRASHED_IN_PLAY: u8 = 6;

/// Whether `position` is a crashed one: contact, and either side crashed.
#[must_use]
pub fn is_crashed(position: &Position) -> bool {
    !position.is_race() && (mover_crashed(position) || mover_crashed(&position.flipped()))
}

/// Whether the side on roll in `position` has crashed.
fn mover_crashed(position: &Position) -> bool {
    let in_play = CHECKERS - position.mover_off();
    let piled = position.mover_at(1) + position.mover_at(2).saturating_sub(1);
    in_play - piled <= CRASHED_IN_PLAY
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::PositionId;
    use crate::pos;

    fn id(text: &str) -> Position {
        text.parse::<PositionId>().expect("a valid Position ID").0
    }

    #[test]
    fn the_start_and_races_are_not_crashed() {
        assert!(!is_crashed(&Position::start()));
        // Every checker past each other: a race, however few are left.
        assert!(!is_crashed(&pos!(x 1:2; o 24:2)));
    }

    #[test]
    fn a_side_with_six_checkers_in_play_against_contact_is_crashed_seven_is_not() {
        // The mover has six checkers left, on its 3- and 4-points, above the
        // opponent's anchor on the mover's 2-point (its 23-point).
        let six = pos!(x 3:3, 4:3; o 2:2, 19:5, 20:4, 21:4);
        assert!(is_crashed(&six));
        assert!(is_crashed(&six.flipped()));
        let seven = pos!(x 3:3, 4:4; o 2:2, 19:5, 20:4, 21:4);
        assert!(!is_crashed(&seven));
    }

    #[test]
    fn checkers_on_the_ace_point_and_spares_on_the_2_point_are_not_in_play() {
        // All 15 left: six on the ace point, four on the 2-point (three spares), five
        // on the 5-point: six in play.
        let piled = pos!(x 1:6, 2:4, 5:5; o 3:2, 19:5, 20:4, 21:4);
        assert!(is_crashed(&piled));
        // The four on the 4-point instead: nine in play.
        let spread = pos!(x 1:6, 4:4, 5:5; o 3:2, 19:5, 20:4, 21:4);
        assert!(!is_crashed(&spread));
    }

    #[test]
    fn gnu_backgammons_crashed_positions_are_crashed() {
        // Classed "crashed" by GNU Backgammon 1.07 (`gnubg.classifypos`), from
        // positions the network misjudged by 0.24–0.35 in winning chances.
        for text in ["u9uGAAAAAAADAA", "DgAA2Na2QCQAAA", "a7eBACEWAAAYAA"] {
            assert!(is_crashed(&id(text)), "{text}");
        }
    }
}
