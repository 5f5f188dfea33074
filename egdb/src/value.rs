//! Values and distances, and the one-byte code that holds both.
//!
//! A position's value is for the side to move under perfect play. The move counts and
//! repetitions are not part of it (the standard convention of endgame databases): a draw is a
//! position that neither side can be forced to lose, however long it takes.
//!
//! The distance counts plies to the end of the game under the usual minimax rule: the winner
//! shortens it, the loser lengthens it, and a side with no legal move has lost in 0 plies. So a
//! win is always an odd number of plies away and a loss an even number. The [`Code`] byte uses
//! that parity:
//!
//! | code | meaning |
//! |---|---|
//! | 0 | draw |
//! | odd `d` up to 253 | win in `d` plies |
//! | even `d` from 2 to 252 | loss in `d - 2` plies |
//! | 255 | win, distance beyond 253 plies or not known |
//! | 254 | loss, distance beyond 250 plies or not known |

use dama_engine::tables::TablebaseValue;
use std::fmt;

/// The value of a position for the side to move.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Value {
    /// The side to move wins.
    Win,
    /// The side to move loses.
    Loss,
    /// Neither side can force a win.
    Draw,
}

impl Value {
    /// The value for the other side.
    pub const fn opposite(self) -> Value {
        match self {
            Value::Win => Value::Loss,
            Value::Loss => Value::Win,
            Value::Draw => Value::Draw,
        }
    }

    /// The value as the search sees it.
    pub const fn to_tablebase(self) -> TablebaseValue {
        match self {
            Value::Win => TablebaseValue::Win,
            Value::Loss => TablebaseValue::Loss,
            Value::Draw => TablebaseValue::Draw,
        }
    }

    /// The two-bit form stored in the files: 0 draw, 1 win, 2 loss.
    pub const fn bits(self) -> u8 {
        match self {
            Value::Draw => 0,
            Value::Win => 1,
            Value::Loss => 2,
        }
    }

    /// The value of a two-bit form, `None` for 3 (never written).
    pub const fn from_bits(bits: u8) -> Option<Value> {
        match bits {
            0 => Some(Value::Draw),
            1 => Some(Value::Win),
            2 => Some(Value::Loss),
            _ => None,
        }
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Value::Win => "win",
            Value::Loss => "loss",
            Value::Draw => "draw",
        })
    }
}

/// A distance no game reaches, standing for "not known" inside the builder, so that anything
/// computed from it is also reported as not known.
pub const UNKNOWN_PLIES: u32 = 10_000;

/// A value with its distance in one byte (table in the module documentation).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Code(pub u8);

impl Code {
    /// A draw.
    pub const DRAW: Code = Code(0);
    /// A win whose distance is not known.
    pub const WIN_UNKNOWN: Code = Code(255);
    /// A loss whose distance is not known.
    pub const LOSS_UNKNOWN: Code = Code(254);

    /// A win in `plies` (odd) plies; beyond 253 plies, a win of unknown distance.
    pub const fn win(plies: u32) -> Code {
        if plies <= 253 {
            Code(plies as u8)
        } else {
            Code::WIN_UNKNOWN
        }
    }

    /// A loss in `plies` (even) plies; beyond 250 plies, a loss of unknown distance.
    pub const fn loss(plies: u32) -> Code {
        if plies <= 250 {
            Code(plies as u8 + 2)
        } else {
            Code::LOSS_UNKNOWN
        }
    }

    /// The code of a value whose distance is not known.
    pub const fn of_value(value: Value) -> Code {
        match value {
            Value::Win => Code::WIN_UNKNOWN,
            Value::Loss => Code::LOSS_UNKNOWN,
            Value::Draw => Code::DRAW,
        }
    }

    /// The value.
    pub const fn value(self) -> Value {
        if self.0 == 0 {
            Value::Draw
        } else if self.0 & 1 == 1 {
            Value::Win
        } else {
            Value::Loss
        }
    }

    /// The distance in plies, when known (never for a draw).
    pub const fn plies(self) -> Option<u32> {
        match self.0 {
            0 | 254 | 255 => None,
            c if c & 1 == 1 => Some(c as u32),
            c => Some(c as u32 - 2),
        }
    }

    /// The distance for the builder's arithmetic: [`UNKNOWN_PLIES`] when not known.
    pub const fn plies_or_unknown(self) -> u32 {
        match self.plies() {
            Some(p) => p,
            None => UNKNOWN_PLIES,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip_values_and_distances() {
        assert_eq!(Code::loss(0), Code(2));
        assert_eq!(Code::loss(0).value(), Value::Loss);
        assert_eq!(Code::loss(0).plies(), Some(0));
        for w in (1..=253).step_by(2) {
            assert_eq!(Code::win(w).value(), Value::Win);
            assert_eq!(Code::win(w).plies(), Some(w));
        }
        for l in (0..=250).step_by(2) {
            assert_eq!(Code::loss(l).value(), Value::Loss);
            assert_eq!(Code::loss(l).plies(), Some(l));
        }
        assert_eq!(Code::win(255), Code::WIN_UNKNOWN);
        assert_eq!(Code::loss(252), Code::LOSS_UNKNOWN);
        assert_eq!(Code::WIN_UNKNOWN.value(), Value::Win);
        assert_eq!(Code::LOSS_UNKNOWN.value(), Value::Loss);
        assert_eq!(Code::DRAW.value(), Value::Draw);
        for v in [Value::Win, Value::Loss, Value::Draw] {
            assert_eq!(Value::from_bits(v.bits()), Some(v));
            assert_eq!(Code::of_value(v).value(), v);
        }
    }
}
