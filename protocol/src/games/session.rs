//! One session of a game: the game, the searcher that thinks about it and the endgame tables it
//! probes. The Hub keeps one per variant in force, `dama analyze` and `dama annotate` one per
//! run, the board of `dama serve` one per browser tab. The searcher can leave for a search
//! thread and come back ([`Session::take_searcher`], [`Session::put_searcher`]).

use super::tables::{TableSource, Tables};
use super::{Game, GameRules};
use dama_engine::search::{SearchControl, SearchInfo, SearchLimits, SearchResult, Searcher};
use dama_engine::tables::{EndgameTables, TablebaseValue};
use std::sync::Arc;

/// A game with its searcher and tables.
pub struct Session<R: GameRules> {
    /// The game.
    pub game: Game<R>,
    /// Made on demand; away on a search thread while a search runs.
    searcher: Option<Searcher<R>>,
    tables: Option<Arc<dyn EndgameTables<R::Position>>>,
    /// Where the tables came from, when the session opened them itself ([`Session::open_tables`]).
    source: Option<TableSource>,
}

impl<R: GameRules> Session<R> {
    /// A session of `game` with no searcher and no tables yet.
    pub fn new(game: Game<R>) -> Session<R> {
        Session { game, searcher: None, tables: None, source: None }
    }

    /// The searcher, if there is one here (not away searching).
    pub fn searcher_mut(&mut self) -> Option<&mut Searcher<R>> {
        self.searcher.as_mut()
    }

    /// Whether the searcher is here.
    pub fn has_searcher(&self) -> bool {
        self.searcher.is_some()
    }

    /// Takes a searcher (back): it gets the session's tables.
    pub fn put_searcher(&mut self, mut searcher: Searcher<R>) {
        searcher.set_endgame_tables(self.tables.clone());
        self.searcher = Some(searcher);
    }

    /// Lends the searcher to a search thread, with the tables completed since they were opened.
    pub fn take_searcher(&mut self) -> Option<Searcher<R>> {
        self.refresh_tables();
        self.searcher.take()
    }

    /// Sets the endgame tables (`None`: none), for the searcher too; they are not opened again
    /// when more are built (see [`Session::open_tables`]).
    pub fn set_tables(&mut self, tables: Option<Arc<dyn EndgameTables<R::Position>>>) {
        self.source = None;
        self.put_tables(tables);
    }

    fn put_tables(&mut self, tables: Tables<R>) {
        if let Some(searcher) = self.searcher.as_mut() {
            searcher.set_endgame_tables(tables.clone());
        }
        self.tables = tables;
    }

    /// Opens the tables of `dir` (the default directory when `None`) up to `pieces` (0: none),
    /// asking for the default directory's small tables to be built in the background on first
    /// use when `first_use` says so; each search takes those completed since
    /// ([`Session::refresh_tables`]). An error (a directory that cannot be read, another game's
    /// tables) changes nothing.
    pub fn open_tables(
        &mut self,
        dir: Option<&std::path::Path>,
        pieces: u32,
        first_use: bool,
    ) -> Result<(), String> {
        let source = TableSource::new(dir, pieces, first_use);
        let tables = source.open::<R>()?;
        self.put_tables(tables);
        self.source = Some(source);
        Ok(())
    }

    /// Opens the tables again if the default directory has gained complete levels since they
    /// were opened (a background build on first use): a search then probes them.
    pub fn refresh_tables(&mut self) {
        if let Some(tables) = self.source.as_ref().and_then(|s| s.refresh::<R>()) {
            self.put_tables(tables);
        }
    }

    /// The endgame tables' verdict on the current position for the side to move, with the
    /// plies to the end where the tables know them; `None` when they do not hold it.
    pub fn verdict(&self) -> Option<(TablebaseValue, Option<u32>)> {
        let tables = self.tables.as_deref()?;
        R::table_verdict(tables, &self.game.position)
    }

    /// [`Session::verdict`] in words: `win`, `loss` or `draw`, with ` in N plies` where the
    /// tables know them.
    pub fn verdict_text(&self) -> Option<String> {
        let (value, plies) = self.verdict()?;
        let value = match value {
            TablebaseValue::Win => "win",
            TablebaseValue::Loss => "loss",
            TablebaseValue::Draw => "draw",
        };
        Some(format!("{value}{}", plies.map(|p| format!(" in {p} plies")).unwrap_or_default()))
    }

    /// Whether the side to move has a legal move.
    pub fn has_legal_move(&self) -> bool {
        !R::legal_moves(&self.game.position).is_empty()
    }

    /// A book move of the current position, if the game has a book, the position is in it, and
    /// the book is played by default or `asked`.
    pub fn book_move(&self, asked: bool) -> Option<R::Move> {
        if !(R::BOOK_BY_DEFAULT || asked) {
            return None;
        }
        R::book_move(&self.game.position)
    }

    /// Searches the current position here, on this thread, calling `progress` after each
    /// iteration; an error when the searcher is away.
    pub fn search(
        &mut self,
        limits: &SearchLimits,
        control: &SearchControl,
        progress: impl FnMut(&SearchInfo<R::Move>),
    ) -> Result<SearchResult<R::Move>, String> {
        self.refresh_tables();
        let searcher = self.searcher.as_mut().ok_or("the searcher is busy")?;
        Ok(searcher.search(&self.game.position, &self.game.history, limits, control, progress))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dama_engine::english::English;
    use dama_engine::italian::Italian;
    use dama_engine::rules::Rules;

    #[test]
    fn a_session_searches_its_game_and_lends_its_searcher() {
        let game = Game::<English>::from_fen(None, "11-15 23-19").unwrap();
        let mut session = Session::new(game);
        assert!(session.search(&SearchLimits::depth(3), &SearchControl::new(), |_| {}).is_err());
        session.put_searcher(Searcher::new(1, 1).unwrap());
        let result =
            session.search(&SearchLimits::depth(4), &SearchControl::new(), |_| {}).unwrap();
        let best = result.best_move.unwrap();
        assert!(English::legal_moves(&session.game.position).contains(&best));
        let searcher = session.take_searcher().unwrap();
        assert!(!session.has_searcher());
        session.put_searcher(searcher);
        assert!(session.has_searcher() && session.verdict().is_none());
    }

    #[test]
    fn the_book_is_played_where_the_game_plays_it() {
        let session = Session::new(Game::<Italian>::new(Italian::start()));
        let book = session.book_move(false).expect("the start is in the Italian book");
        assert!(Italian::legal_moves(&Italian::start()).contains(&book));
    }
}
