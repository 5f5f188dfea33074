//! The engine behind the DLL: one instance per game, its settings, the game history CheckerBoard
//! sends, and `getmove` in safe Rust (the FFI layer only converts pointers); its endgame tables
//! are in `engine_tables.rs`. Everything is in the rules of the game `G`: its move generator, its
//! search, its draw counts (40 moves in Italian and English; Russian's and Brazilian's move and
//! material counts).

use crate::board::{cb_move, cb_move_of_route, position_from_board, CbBoard, CbMove, CB_LOSS};
use crate::game::CbGame;
use crate::request::{limits_for, progress_text, status_text, verdict, MoveAnswer, MoveRequest};
use dama_egdb::first_use;
use dama_engine::board8::fen::parse_fen;
use dama_engine::board8::moves::Move;
use dama_engine::board8::position::Position;
use dama_engine::english::English;
use dama_engine::flying8::{Brazilian, Russian};
use dama_engine::history::GameHistory;
use dama_engine::italian::Italian;
use dama_engine::search::{SearchControl, SearchResult, Searcher, MAX_TABLE_MIB, MAX_THREADS};
use dama_engine::tables::EndgameTables;
use std::path::PathBuf;
use std::sync::{Arc, Mutex, MutexGuard, OnceLock};
use std::time::Duration;

#[path = "engine_tables.rs"]
mod tables;

/// The transposition table size at load, MiB.
pub const DEFAULT_HASH_MIB: usize = 64;
/// `set book` values: 0 none, 1 all kinds of moves, 2 good moves, 3 best moves.
pub const DEFAULT_BOOK: u32 = 2;
/// The pieces probed in the endgame tables when CheckerBoard does not say.
pub const DEFAULT_DB_PIECES: u32 = 6;
/// Stack for the search thread (the search recurses; CheckerBoard's own thread may be small).
const STACK_BYTES: usize = 8 << 20;
/// How often `getmove` looks at `playnow` and refreshes the status line.
pub const POLL: Duration = Duration::from_millis(5);

/// The engine's state between calls.
pub struct Engine<G: CbGame> {
    searcher: Option<Searcher<G>>,
    hash_mib: usize,
    threads: usize,
    /// 0-3 as CheckerBoard's `set book`.
    book: u32,
    db_path: Option<PathBuf>,
    db_pieces: u32,
    tables: Option<Arc<dyn EndgameTables>>,
    /// Where the tables come from when CheckerBoard names no directory: the default one, whose
    /// small tables are built in the background on first use (`dama_egdb::first_use`); `None`
    /// once `set dbpath` has been given (an empty path: no tables).
    default_tables: Option<first_use::Watch>,
    /// The default directory's tables are to be opened (again) before the next search.
    default_stale: bool,
    /// The game since the last irreversible move, from `set gamehist`: the position at its end
    /// and its history.
    game: Option<(Position, GameHistory)>,
}

/// A game with the library's one engine of it.
pub trait LibraryEngine: CbGame {
    /// The library's engine of this game, locked.
    fn engine() -> MutexGuard<'static, Engine<Self>>;
}

/// Locks an engine, taking over a poisoned lock: a panic while the lock was held leaves the
/// settings intact (the search state is rebuilt after a failed search).
fn lock<G: CbGame>(engine: &'static OnceLock<Mutex<Engine<G>>>) -> MutexGuard<'static, Engine<G>> {
    engine.get_or_init(|| Mutex::new(Engine::new())).lock().unwrap_or_else(|e| e.into_inner())
}

impl LibraryEngine for Italian {
    fn engine() -> MutexGuard<'static, Engine<Italian>> {
        static ENGINE: OnceLock<Mutex<Engine<Italian>>> = OnceLock::new();
        lock(&ENGINE)
    }
}

impl LibraryEngine for English {
    fn engine() -> MutexGuard<'static, Engine<English>> {
        static ENGINE: OnceLock<Mutex<Engine<English>>> = OnceLock::new();
        lock(&ENGINE)
    }
}

impl LibraryEngine for Russian {
    fn engine() -> MutexGuard<'static, Engine<Russian>> {
        static ENGINE: OnceLock<Mutex<Engine<Russian>>> = OnceLock::new();
        lock(&ENGINE)
    }
}

impl LibraryEngine for Brazilian {
    fn engine() -> MutexGuard<'static, Engine<Brazilian>> {
        static ENGINE: OnceLock<Mutex<Engine<Brazilian>>> = OnceLock::new();
        lock(&ENGINE)
    }
}

impl<G: CbGame> Default for Engine<G> {
    fn default() -> Engine<G> {
        Engine::new()
    }
}

impl<G: CbGame> Engine<G> {
    /// A fresh engine: default hash, one thread, book on (for a game that has one), no endgame
    /// tables.
    pub fn new() -> Engine<G> {
        Engine {
            searcher: None,
            hash_mib: DEFAULT_HASH_MIB,
            threads: 1,
            book: if G::HAS_BOOK { DEFAULT_BOOK } else { 0 },
            db_path: None,
            db_pieces: DEFAULT_DB_PIECES,
            tables: None,
            default_tables: Some(first_use::Watch::new()),
            default_stale: true,
            game: None,
        }
    }

    /// The searcher, made on first use (so loading the DLL allocates nothing large), with the
    /// tables completed since it last searched.
    fn searcher(&mut self) -> Result<&mut Searcher<G>, String> {
        self.refresh_default_tables();
        if self.searcher.is_none() {
            let mut searcher = Searcher::<G>::new(self.hash_mib, self.threads)
                .map_err(|e| format!("hash table: {e}"))?;
            searcher.set_endgame_tables(self.tables.clone());
            self.searcher = Some(searcher);
        }
        Ok(self.searcher.as_mut().expect("made above"))
    }

    /// The hash size, MiB.
    pub fn hash_mib(&self) -> usize {
        self.hash_mib
    }

    /// Sets the hash size; refused (and unchanged) outside 1..=MAX_TABLE_MIB or when the memory
    /// cannot be had.
    pub fn set_hash_mib(&mut self, mib: usize) -> Result<(), String> {
        if !(1..=MAX_TABLE_MIB as usize).contains(&mib) {
            return Err(format!("hashsize must be 1 to {MAX_TABLE_MIB} MiB"));
        }
        if let Some(searcher) = &mut self.searcher {
            searcher.set_table_size(mib).map_err(|e| format!("hash table: {e}"))?;
        }
        self.hash_mib = mib;
        Ok(())
    }

    /// The search threads.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Sets the search threads (1..=MAX_THREADS).
    pub fn set_threads(&mut self, threads: usize) -> Result<(), String> {
        if !(1..=MAX_THREADS as usize).contains(&threads) {
            return Err(format!("searchthreads must be 1 to {MAX_THREADS}"));
        }
        if let Some(searcher) = &mut self.searcher {
            searcher.set_threads(threads);
        }
        self.threads = threads;
        Ok(())
    }

    /// The book setting, 0-3.
    pub fn book(&self) -> u32 {
        self.book
    }

    /// Sets the book: 0 off, 1 all kinds of moves, 2 good moves, 3 best moves only.
    pub fn set_book(&mut self, book: u32) -> Result<(), String> {
        if !G::HAS_BOOK {
            return Err(format!("{} has no opening book", G::ENGINE_NAME));
        }
        if book > 3 {
            return Err("book must be 0 (off) to 3 (best moves)".to_string());
        }
        self.book = book;
        Ok(())
    }

    /// `set gamehist FEN MOVES...`: the game since its last irreversible move.
    pub fn set_game_history(&mut self, text: &str) -> Result<(), String> {
        self.game = None;
        let mut words = text.split_whitespace();
        let fen = words.next().ok_or("gamehist needs a FEN")?;
        let mut position = parse_fen(fen).map_err(|e| format!("gamehist: bad FEN '{fen}': {e}"))?;
        let mut history = GameHistory::new::<G>(&position);
        for (i, word) in words.enumerate() {
            let mv = G::parse_history_move(&position, word)
                .map_err(|e| format!("gamehist: move {} '{word}' is refused: {e}", i + 1))?;
            let next = G::play(&position, &mv);
            history.push_move::<G>(&position, &mv, &next);
            position = next;
        }
        self.game = Some((position, history));
        Ok(())
    }

    /// The history to search `position` with: that of `set gamehist` when it ends there.
    fn history_for(&self, position: &Position) -> GameHistory {
        match &self.game {
            Some((end, history)) if end == position => history.clone(),
            _ => GameHistory::new::<G>(position),
        }
    }

    /// A book move for `position`, if the book is on and holds it. Level 3 plays only the
    /// book's best moves, 2 those within its usual margin, 1 within twice that.
    fn book_move(&self, position: &Position) -> Option<Move> {
        use rand::SeedableRng;
        if !G::HAS_BOOK {
            return None;
        }
        let margin = match self.book {
            0 => return None,
            1 => 2 * dama_book::DEFAULT_MARGIN,
            2 => dama_book::DEFAULT_MARGIN,
            _ => 0,
        };
        let mut rng = rand::rngs::StdRng::seed_from_u64(0xDA3A_CB00 ^ position.key());
        dama_book::default_book().probe(position, &mut rng, margin)
    }

    /// Chooses and plays a move in `board`'s position. `playnow` is read while searching; the
    /// status line is passed to `status` as it changes (from the calling thread).
    pub fn get_move(
        &mut self,
        board: &CbBoard,
        request: &MoveRequest,
        playnow: &dyn Fn() -> bool,
        status: &mut dyn FnMut(&str),
    ) -> Result<MoveAnswer, String> {
        let position = position_from_board::<G>(board, request.color)?;
        let history = self.history_for(&position);
        let moves = G::legal_moves(&position);
        if moves.is_empty() {
            let text = "no legal move: the game is lost".to_string();
            status(&text);
            return Ok(MoveAnswer { cb_move: None, after: None, verdict: CB_LOSS, status: text });
        }
        let (mv, text, score) = if moves.len() == 1 {
            (moves[0], format!("only move {}", G::path_text(&position, &moves[0])), None)
        } else if let Some(mv) = self.book_move(&position) {
            (mv, format!("book move {}", G::path_text(&position, &mv)), None)
        } else {
            let result = self.search(&position, &history, request, playnow, status)?;
            let mv = result.best_move.ok_or("the search found no move")?;
            if !moves.contains(&mv) {
                return Err("the search chose a move that is not legal".to_string());
            }
            let text = status_text::<G>(
                &position,
                &result.pv,
                result.depth,
                result.score,
                result.nodes,
                result.time,
            );
            (mv, text, Some(result.score))
        };
        status(&text);
        let after = G::play(&position, &mv);
        let mut history_after = history;
        history_after.push_move::<G>(&position, &mv, &after);
        let verdict = verdict::<G>(&after, &history_after, score);
        // The game goes on from the new position: keep its history for the next call.
        self.game = Some((after, history_after));
        Ok(MoveAnswer {
            cb_move: Some(cb_move::<G>(&position, &mv)),
            after: Some(after),
            verdict,
            status: text,
        })
    }

    /// Searches on a thread of its own while this thread watches `playnow` and passes on the
    /// status line.
    fn search(
        &mut self,
        position: &Position,
        history: &GameHistory,
        request: &MoveRequest,
        playnow: &dyn Fn() -> bool,
        status: &mut dyn FnMut(&str),
    ) -> Result<SearchResult<Move>, String> {
        self.refresh_default_tables();
        let limits = limits_for(request);
        let control = Arc::new(SearchControl::new());
        let latest: Arc<Mutex<Option<String>>> = Arc::new(Mutex::new(None));
        let mut searcher = self.searcher.take().map_or_else(
            || {
                self.searcher()?;
                Ok::<_, String>(self.searcher.take().expect("just made"))
            },
            Ok,
        )?;
        let (position, history) = (*position, history.clone());
        let (thread_control, thread_latest) = (Arc::clone(&control), Arc::clone(&latest));
        let handle = std::thread::Builder::new()
            .name("damacb-search".into())
            .stack_size(STACK_BYTES)
            .spawn(move || {
                let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                    searcher.search(&position, &history, &limits, &thread_control, |info| {
                        let text = progress_text::<G>(&position, info);
                        *thread_latest.lock().unwrap_or_else(|e| e.into_inner()) = Some(text);
                    })
                }));
                (searcher, outcome)
            })
            .map_err(|e| format!("cannot start the search thread: {e}"))?;
        let mut stopped = false;
        while !handle.is_finished() {
            if !stopped && playnow() {
                control.stop();
                stopped = true;
            }
            if let Some(text) = latest.lock().unwrap_or_else(|e| e.into_inner()).take() {
                status(&text);
            }
            std::thread::sleep(POLL);
        }
        let (searcher, outcome) = handle.join().map_err(|_| "the search thread failed")?;
        self.searcher = Some(searcher);
        outcome.map_err(|_| {
            // The table may hold anything after a panic: start afresh next time.
            self.searcher = None;
            "the search failed".to_string()
        })
    }
}

/// `islegal`: a legal move of `color` from square `from` to square `to`. When several captures
/// join the same two squares (taking different pieces), this is the first in Dama's move order:
/// `islegal` cannot tell them apart, which is why CheckerBoard asks `get movelist` instead.
pub fn is_legal<G: CbGame>(
    board: &CbBoard,
    color: i32,
    from: i32,
    to: i32,
) -> Result<Option<CbMove>, String> {
    let position = position_from_board::<G>(board, color)?;
    let found = G::routes(&position)
        .into_iter()
        .find(|r| i32::from(r.mv.from().number()) == from && i32::from(r.mv.to().number()) == to);
    Ok(found.map(|route| cb_move_of_route::<G>(&position, &route)))
}
