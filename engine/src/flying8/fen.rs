//! PDN FEN of Russian and Brazilian draughts: the side to move, then each side's pieces by the
//! game's numbers (1 = a1, [`super::squares`]), `K` before a king: the start is
//! `W:W1-12:B21-32`. Read: numbers, ranges of numbers (`1-12`, `K1-3`) and algebraic squares
//! (`a1`, `Kh8`, as pydraughts writes these games' FEN), sections in either order, spaces around
//! items, a trailing period. Written: numbers, runs of three men or more as a range.

use super::squares::{from_number, number, parse_square};
use crate::board8::bitboard::Bitboard;
use crate::board8::position::Position;
use crate::board8::square::Square;
use crate::color::Color;
use crate::excerpt::Excerpt;

/// Reads a FEN, with a message that says what is wrong.
pub fn parse_fen(text: &str) -> Result<Position, String> {
    let text = text.trim();
    let text = text.strip_suffix('.').unwrap_or(text).trim();
    if text.is_empty() {
        return Err("empty FEN".to_string());
    }
    let mut sections = text.split(':');
    let side = match sections.next().map(str::trim) {
        Some("W" | "w") => Color::White,
        Some("B" | "b") => Color::Black,
        other => {
            return Err(format!(
                "the side to move must be W or B, found '{}'",
                Excerpt(other.unwrap_or(""))
            ))
        }
    };
    let mut sets: [Option<Bitboard>; 2] = [None, None];
    let (mut kings, mut all) = (Bitboard::EMPTY, Bitboard::EMPTY);
    for section in sections {
        let section = section.trim();
        let (index, body) = match section.chars().next() {
            Some('W' | 'w') => (0, &section[1..]),
            Some('B' | 'b') => (1, &section[1..]),
            _ => {
                return Err(format!(
                    "a piece list must start with W or B, found '{}'",
                    Excerpt(section)
                ))
            }
        };
        if sets[index].is_some() {
            return Err(format!("colour {} has two piece lists", ["W", "B"][index]));
        }
        let mut set = Bitboard::EMPTY;
        for item in body.split(',').map(str::trim).filter(|i| !i.is_empty()) {
            let (king, squares) = parse_item(item)?;
            for s in squares {
                if all.contains(s) {
                    return Err(format!("square {} is given twice", number(s)));
                }
                all.insert(s);
                set.insert(s);
                if king {
                    kings.insert(s);
                }
            }
        }
        sets[index] = Some(set);
    }
    let (white, black) = (sets[0].unwrap_or_default(), sets[1].unwrap_or_default());
    Position::from_parts(white, black, kings, side).map_err(|e| {
        // The setup error names the engine's square; name the game's.
        let text = e.to_string();
        match e {
            crate::board8::position::SetupError::ManOnPromotionRow(s) => format!(
                "a man on square {} ({}) stands on its crowning row",
                number(s),
                super::squares::algebraic(s)
            ),
            _ => text,
        }
    })
}

/// One item: `7`, `K7`, `c3`, `Kc3`, or a range of numbers `1-12`, `K1-3`.
fn parse_item(item: &str) -> Result<(bool, Vec<Square>), String> {
    let (king, rest) = match item.strip_prefix(['K', 'k']) {
        Some(rest) => (true, rest.trim()),
        None => (false, item),
    };
    let Some((a, b)) = rest.split_once('-') else {
        return Ok((king, vec![parse_square(rest)?]));
    };
    let bound = |text: &str| -> Result<u8, String> {
        let text = text.trim();
        text.parse::<u8>()
            .ok()
            .filter(|n| (1..=32).contains(n))
            .ok_or_else(|| format!("'{}': a range runs between square numbers 1-32", Excerpt(item)))
    };
    let (a, b) = (bound(a)?, bound(b.trim().trim_start_matches(['K', 'k']))?);
    if b < a {
        return Err(format!("the range '{}' runs backwards", Excerpt(item)));
    }
    Ok((king, (a..=b).filter_map(from_number).collect()))
}

/// Writes the position as FEN in the game's numbers: `W:W1-12:B21-32`.
pub fn to_fen(position: &Position) -> String {
    let side = match position.side_to_move() {
        Color::White => "W",
        Color::Black => "B",
    };
    format!(
        "{side}:W{}:B{}",
        section(position.men(Color::White), position.kings_of(Color::White)),
        section(position.men(Color::Black), position.kings_of(Color::Black))
    )
}

/// One side's pieces by number: kings as `K7`, runs of three men or more as `1-12`.
fn section(men: Bitboard, kings: Bitboard) -> String {
    let mut items = Vec::new();
    let mut n = 1;
    while n <= 32 {
        let at = |n: u8| from_number(n).expect("1-32 are squares");
        if kings.contains(at(n)) {
            items.push(format!("K{n}"));
            n += 1;
            continue;
        }
        if !men.contains(at(n)) {
            n += 1;
            continue;
        }
        let mut last = n;
        while last < 32 && men.contains(at(last + 1)) {
            last += 1;
        }
        if last >= n + 2 {
            items.push(format!("{n}-{last}"));
        } else {
            items.extend((n..=last).map(|s| s.to_string()));
        }
        n = last + 1;
    }
    items.join(",")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board8::hubpos::to_hub_position;

    #[test]
    fn the_start_reads_in_numbers_and_in_algebraic() {
        let start = parse_fen("W:W1-12:B21-32").unwrap();
        assert_eq!(start, Position::start(), "the board8 start: White on the engine's 21-32");
        assert_eq!(to_fen(&start), "W:W1-12:B21-32");
        // pydraughts 0.6.7: Board("russian").fen
        let pydraughts =
            "W:Wa1,c3,e3,g3,c1,e1,g1,b2,d2,f2,h2,a3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8";
        assert_eq!(parse_fen(pydraughts), Ok(start));
    }

    #[test]
    fn kings_and_the_hub_string_as_pydraughts_writes_them() {
        // pydraughts 0.6.7: Board("russian", "W:W10,K1:B14,K32")._game.initial_hub_fen
        let p = parse_fen("W:W10,K1:B14,K32").unwrap();
        assert_eq!(to_hub_position(&p), "WeeeBeeeeeeeeeeeeebeeeweeeeeeWeee");
        assert_eq!(parse_fen("W:Wc3,Ka1:Bd4,Kh8"), Ok(p));
        assert_eq!(to_fen(&p), "W:WK1,10:B14,K32");
        let q = parse_fen("B:W1,2,3,5:BK30,K31,K32").unwrap();
        assert_eq!(to_fen(&q), "B:W1-3,5:BK30,K31,K32");
        assert_eq!(to_fen(&parse_fen("B:BK1-3:W20.").unwrap()), "B:W20:BK1,K2,K3");
    }

    #[test]
    fn bad_fens_say_what_is_wrong() {
        let error = |fen: &str| parse_fen(fen).unwrap_err();
        assert!(error("").contains("empty"));
        assert!(error("X:W1:B2").contains("side to move"));
        assert!(error("W:W33:B1").contains("1-32"));
        assert!(error("W:Wb1:B20").contains("light square"));
        assert!(error("W:W5,5:B20").contains("twice"));
        assert!(error("W:W6-5:B20").contains("backwards"));
        assert!(error("W:Wa1-c3:B20").contains("range"));
        assert!(error("W:W1:W2").contains("two piece lists"));
        assert!(error("W:Q1").contains("W or B"));
        // A white man on rank 8 (square 29, b8) would already be a king.
        assert!(error("W:W29:B1").contains("crowning row"), "{}", error("W:W29:B1"));
        assert!(error("W:W1-13:B20").contains("12"));
        assert!(error("W:W:B").contains("empty"));
    }
}
