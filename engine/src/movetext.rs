//! Move and position text that every game shares: a legal move with its path ([`PathMove`]),
//! full-path and Hub notation, reading move text in any notation against the legal moves, and the
//! Hub's position string as FEN.

use crate::excerpt::Excerpt;

/// A legal move with one of its paths, for notation.
#[derive(Clone, Debug, PartialEq)]
pub struct PathMove<M> {
    /// The move.
    pub mv: M,
    /// The start square's number.
    pub from: u8,
    /// The squares where the piece stops, in order; the last is the end square.
    pub landings: Vec<u8>,
    /// The captured squares in capture order.
    pub captured: Vec<u8>,
}

impl<M> PathMove<M> {
    /// The end square.
    pub fn to(&self) -> u8 {
        self.landings.last().copied().unwrap_or(self.from)
    }

    /// Full-path notation: `9-13`, `22x15x6`.
    pub fn path(&self) -> String {
        path_text(self.from, &self.landings, !self.captured.is_empty())
    }

    /// Hub notation: `9-13`, `22x6x15x10`.
    pub fn hub(&self) -> String {
        if self.captured.is_empty() {
            return format!("{}-{}", self.from, self.to());
        }
        let mut text = format!("{}x{}", self.from, self.to());
        for s in &self.captured {
            text.push('x');
            text.push_str(&s.to_string());
        }
        text
    }
}

/// Full-path notation from the start square and the landing squares: `9-13` for a step,
/// `22x15x6` for a capture.
pub fn path_text(from: u8, landings: &[u8], capture: bool) -> String {
    let separator = if capture { "x" } else { "-" };
    let mut text = from.to_string();
    for s in landings {
        text.push_str(separator);
        text.push_str(&s.to_string());
    }
    text
}

/// A Hub position string (`W` or `B` to move, then one character per square 1..`squares`: `w`
/// `b` men, `W` `B` kings, `e` empty) as a FEN listing every piece, for a game's FEN reader to
/// check the setup.
pub fn hub_position_to_fen(text: &str, squares: usize) -> Result<String, String> {
    let chars: Vec<char> = text.chars().collect();
    if chars.len() != squares + 1 {
        return Err(format!(
            "position string must have {} characters, found {}",
            squares + 1,
            chars.len()
        ));
    }
    let side = match chars[0] {
        c @ ('W' | 'B') => c,
        c => return Err(format!("side to move must be W or B, found '{}'", c.escape_default())),
    };
    let (mut white, mut black) = (Vec::new(), Vec::new());
    for (square, &c) in (1..).zip(&chars[1..]) {
        match c {
            'w' => white.push(format!("{square}")),
            'W' => white.push(format!("K{square}")),
            'b' => black.push(format!("{square}")),
            'B' => black.push(format!("K{square}")),
            'e' => {}
            found => {
                return Err(format!(
                    "square {square}: '{}' is not one of w b W B e",
                    found.escape_default()
                ))
            }
        }
    }
    Ok(format!("{side}:W{}:B{}", white.join(","), black.join(",")))
}

/// Finds the move `text` names among `moves`: a full path, `from-to` / `fromxto` when it names
/// one move, or the Hub form (from, to, then the captured squares in any order).
pub fn parse_move_text<M: Copy + PartialEq>(
    text: &str,
    moves: &[PathMove<M>],
) -> Result<M, String> {
    let word = text.trim();
    let numbers: Option<Vec<u8>> =
        word.split(['-', 'x', 'X', ':']).map(|n| n.parse().ok()).collect();
    let Some(numbers) = numbers.filter(|n| n.len() >= 2) else {
        return Err(format!("'{}' is not a move (write 9-13, 22x15x6 or 22x6)", Excerpt(word)));
    };
    let (from, rest) = (numbers[0], &numbers[1..]);
    let found: Vec<&PathMove<M>> = moves
        .iter()
        .filter(|m| m.from == from)
        .filter(|m| {
            m.landings == rest
                || (rest.len() == 1 && m.to() == rest[0])
                || (rest.len() == 1 + m.captured.len() && m.to() == rest[0] && {
                    let mut a = rest[1..].to_vec();
                    let mut b = m.captured.clone();
                    a.sort_unstable();
                    b.sort_unstable();
                    a == b
                })
        })
        .collect();
    match found.as_slice() {
        [] => {
            let legal: Vec<String> = moves.iter().map(PathMove::path).collect();
            Err(format!(
                "'{}' is not legal here; legal moves are {}",
                Excerpt(word),
                legal.join(" ")
            ))
        }
        [one, others @ ..] if others.iter().all(|m| m.mv == one.mv) => Ok(one.mv),
        several => {
            let paths: Vec<String> = several.iter().map(|m| m.path()).collect();
            Err(format!("'{}' is ambiguous: {}", Excerpt(word), paths.join(" ")))
        }
    }
}
