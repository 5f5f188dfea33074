//! A game written as PDN, the same in every front end that saves one (`dama play`, the board of
//! `dama serve`): the tags given, the game's `GameType` and its `FEN` when it did not start
//! from the start position, the moves numbered as the game numbers them (in English draughts
//! Black's first move is `1.`), each in PDN's short form, and the result when the game is over.

use super::Game;
use dama_engine::pdn::{move_number, numbering, wrap_movetext};
use dama_engine::rules::Rules;

impl<R: Rules> Game<R> {
    /// The game as PDN with `tags` (name, value) first; `GameType` and `FEN` are added unless
    /// `tags` has them. The movetext ends with the result ([`Game::end`]), `*` while the game
    /// goes on.
    pub fn to_pdn(&self, tags: &[(String, String)]) -> String {
        let mut text = String::new();
        for (name, value) in tags {
            let value = value.replace('\\', "\\\\").replace('"', "\\\"");
            text.push_str(&format!("[{name} \"{value}\"]\n"));
        }
        let has = |tag: &str| tags.iter().any(|(n, _)| n.eq_ignore_ascii_case(tag));
        if !has("GameType") {
            text.push_str(&format!("[GameType \"{}\"]\n", R::PDN_GAME_TYPE));
        }
        if self.start != R::start() && !has("FEN") {
            text.push_str(&format!("[FEN \"{}\"]\n", R::to_fen(&self.start)));
        }
        text.push('\n');
        let mut tokens = Vec::new();
        let mut position = self.start;
        let first = numbering::<R>(&self.start);
        for (i, mv) in self.moves.iter().enumerate() {
            tokens.extend(move_number(first, i));
            tokens.push(R::pdn_text(&position, mv, false));
            position = R::play(&position, mv);
        }
        tokens.push(self.end().map_or("*", |end| end.result).to_string());
        text.push_str(&wrap_movetext(&tokens, 79));
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dama_engine::english::English;
    use dama_engine::flying8::{Brazilian, Russian};
    use dama_engine::international::International;
    use dama_engine::italian::Italian;
    use dama_engine::pdn::read_pdn;

    #[test]
    fn each_game_writes_pdn_its_reader_reads_back() {
        let tags = [("Event".to_string(), "a \"test\"".to_string())];
        let italian = Game::<Italian>::from_fen(Some("W:W22:B18"), "22x13").unwrap();
        let text = italian.to_pdn(&tags);
        assert!(text.starts_with("[Event \"a \\\"test\\\"\"]\n[GameType \"22\"]\n"), "{text}");
        assert!(text.contains("[FEN \"W:W22:B18\"]") && text.ends_with("1. 22x13 1-0\n\n"));
        let english = Game::<English>::from_fen(None, "11-15 23-19 8-11").unwrap();
        let text = english.to_pdn(&[]);
        assert!(text.contains("[GameType \"21\"]") && !text.contains("FEN"), "{text}");
        assert!(text.ends_with("1. 11-15 23-19 2. 8-11 *\n\n"), "{text}");
        let read = read_pdn::<English>(&text).unwrap().remove(0);
        assert_eq!(read.moves, english.moves);
        let intl = Game::<International>::from_fen(None, "32-28 19-23 28x19 14x23").unwrap();
        let text = intl.to_pdn(&[]);
        assert!(text.contains("[GameType \"20\"]") && text.contains("28x19"), "{text}");
        assert_eq!(read_pdn::<International>(&text).unwrap()[0].moves, intl.moves);
        // Russian: algebraic, captures with x (in short when unambiguous), read back.
        let russian = Game::<Russian>::from_fen(None, "c3-d4 f6-e5 d4:f6 g7:e5").unwrap();
        let text = russian.to_pdn(&[]);
        assert!(text.contains("[GameType \"25\"]") && !text.contains("FEN"), "{text}");
        assert!(text.ends_with("1. c3-d4 f6-e5 2. d4xf6 g7xe5 *\n\n"), "{text}");
        assert_eq!(read_pdn::<Russian>(&text).unwrap()[0].moves, russian.moves);
        let brazilian = Game::<Brazilian>::from_fen(Some("W:Wb6:Bc7,e7,h2"), "b6xd8xf6").unwrap();
        let text = brazilian.to_pdn(&[]);
        assert!(text.contains("[GameType \"26\"]") && text.contains("b6xf6"), "{text}");
        assert_eq!(read_pdn::<Brazilian>(&text).unwrap()[0].moves, brazilian.moves);
    }
}
