//! The small tables built on first use, in the background.
//!
//! A front end that plays or analyses a game asks for that game's small tables in the default
//! table directory ([`ensure`]); if they are not all there, one background thread of the
//! process builds them, a game at a time, at the lowest CPU priority the system gives (Linux:
//! `SCHED_IDLE`, which runs only on a core nothing else wants), on one core, so that no search
//! waits for it. Across processes one build runs at a time: the builder holds the directory's
//! lock ([`crate::lock`]) while it writes; a second process waits for it, watching the tables
//! arrive, and builds only what is still missing once the lock is free. Each table file is
//! written under a temporary name and renamed when complete, so a killed build leaves no file
//! that reads as a table; the next build goes on from the slices that are there.
//!
//! Sessions reopen their tables when [`generation`] has moved since they opened them, so a
//! search uses each level of tables (every slice of 2 pieces, of 3, ...) as soon as it is
//! complete. `DAMA_EGDB_BUILD` sets it all: `off` (or `0`, `no`, `false`) builds nothing, a
//! number of pieces builds up to that many (at most [`first_use_pieces`]).

use crate::build::{build_game, max_build_pieces, BuildOptions, DEFAULT_DISTANCE_PIECES};
use crate::lock::try_lock;
use crate::material::Slice;
use crate::place::game_dir;
use crate::probe::Tablebase;
use dama_engine::tables::TableGame;
use std::collections::{HashSet, VecDeque};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Condvar, Mutex, Once, OnceLock};
use std::time::{Duration, Instant};

/// The tables of `game` built on first use: those that take a minute or two of one core, 2-5
/// pieces for Italian and English draughts (about 126 s for Italian, 60 MB), 2-4 pieces for
/// International draughts (about 100 s, 9 MB; its 5-piece tables take some 90 minutes and stay an
/// explicit `dama egdb build`) and for Russian and Brazilian draughts (about 13 s each, 1.9 MB;
/// their 5-piece tables, flying kings on 8x8, are not measured yet).
pub const fn first_use_pieces(game: TableGame) -> u32 {
    match game {
        TableGame::Italian | TableGame::English => 5,
        TableGame::International | TableGame::Russian | TableGame::Brazilian => 4,
    }
}

/// What `DAMA_EGDB_BUILD` asks of first use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FirstUse {
    /// Build nothing.
    Off,
    /// Build each game's tables up to its [`first_use_pieces`], or fewer when a number is given.
    Build(Option<u32>),
}

impl FirstUse {
    /// The setting in the environment: unset or empty (or `on`) builds, `off` `0` `no` `false`
    /// build nothing, a number 2 or more caps the pieces. Anything else is taken as unset, with
    /// a warning in the log.
    pub fn from_env() -> FirstUse {
        FirstUse::parse(&std::env::var("DAMA_EGDB_BUILD").unwrap_or_default())
    }

    /// [`FirstUse::from_env`] of a value.
    pub fn parse(value: &str) -> FirstUse {
        let value = value.trim().to_ascii_lowercase();
        match value.as_str() {
            "" | "on" | "yes" | "true" => FirstUse::Build(None),
            "off" | "0" | "no" | "false" => FirstUse::Off,
            number => match number.parse::<u32>() {
                Ok(pieces) if pieces >= 2 => FirstUse::Build(Some(pieces)),
                _ => {
                    log::warn!("DAMA_EGDB_BUILD={value:?} is not off, on or a number of pieces");
                    FirstUse::Build(None)
                }
            },
        }
    }

    /// The pieces to build for `game`, or `None` when nothing is built.
    pub fn pieces(self, game: TableGame) -> Option<u32> {
        let most = first_use_pieces(game).min(max_build_pieces(game));
        match self {
            FirstUse::Off => None,
            FirstUse::Build(asked) => Some(asked.map_or(most, |n| n.min(most))),
        }
    }
}

/// Whether `DAMA_EGDB_BUILD` lets tables be built on first use at all.
pub fn first_use_builds() -> bool {
    FirstUse::from_env() != FirstUse::Off
}

/// What a game's tables in a directory are, for [`ensure`] and `dama egdb status`: the most
/// pieces with every slice present (1: none).
pub fn complete_pieces(root: &Path, game: TableGame) -> u32 {
    Tablebase::open_game(root, game).map(|t| t.max_pieces()).unwrap_or(1)
}

/// A message for the user (what is built, when it is done); the front end says where it goes.
pub type Notice = fn(&str);

/// The process's builder: a queue of directories and games served by one thread.
struct Builder {
    queue: Mutex<VecDeque<(PathBuf, TableGame, u32)>>,
    asked: Mutex<HashSet<(PathBuf, TableGame)>>,
    ready: Condvar,
    generation: AtomicU64,
    notice: OnceLock<Notice>,
}

fn builder() -> &'static Builder {
    static BUILDER: OnceLock<Builder> = OnceLock::new();
    BUILDER.get_or_init(|| Builder {
        queue: Mutex::new(VecDeque::new()),
        asked: Mutex::new(HashSet::new()),
        ready: Condvar::new(),
        generation: AtomicU64::new(0),
        notice: OnceLock::new(),
    })
}

/// Where the builder's messages go in this process (the first call counts): the command line
/// writes them to stderr; without one they go to the log (`log::info`).
pub fn set_notice(notice: Notice) {
    let _ = builder().notice.set(notice);
}

fn tell(message: &str) {
    log::info!("{message}");
    if let Some(notice) = builder().notice.get() {
        notice(message);
    }
}

/// Moves whenever tables appear in a directory this process builds or waits on: a session that
/// opened its tables at another generation opens them again before its next search.
pub fn generation() -> u64 {
    builder().generation.load(Ordering::Acquire)
}

/// What a holder of tables remembers of [`generation`]: whether more tables have been completed
/// since it last opened them ([`Watch::mark`] when it opens them, [`Watch::moved`] before a
/// search).
#[derive(Debug, Default)]
pub struct Watch(AtomicU64);

impl Watch {
    /// A watch marked now.
    pub fn new() -> Watch {
        Watch(AtomicU64::new(generation()))
    }

    /// Remembers the present generation (call it just before opening the tables, so that a
    /// level completed while they open is not missed).
    pub fn mark(&self) {
        self.0.store(generation(), Ordering::Release);
    }

    /// Whether tables have been completed since the last mark.
    pub fn moved(&self) -> bool {
        generation() != self.0.load(Ordering::Acquire)
    }
}

fn advance() {
    builder().generation.fetch_add(1, Ordering::AcqRel);
}

/// Asks for `game`'s first-use tables in the table directory `root`, as `DAMA_EGDB_BUILD`
/// allows ([`FirstUse::from_env`]); returns at once. The builder thread checks what is there and
/// builds what is missing; asking again for the same directory and game does nothing.
pub fn ensure(root: &Path, game: TableGame) {
    let Some(pieces) = FirstUse::from_env().pieces(game) else { return };
    let b = builder();
    if !b.asked.lock().unwrap_or_else(|e| e.into_inner()).insert((root.to_path_buf(), game)) {
        return;
    }
    // The files' names say whether anything is missing (a few `stat` calls); the builder checks
    // every file before it builds.
    let dir = game_dir(root, game);
    if levels_present(&dir, pieces) >= pieces {
        return;
    }
    tell(&format!(
        "building the {game} endgame tables up to {pieces} pieces into {} (first use, in the \
         background at the lowest priority; DAMA_EGDB_BUILD=off turns this off)",
        dir.display()
    ));
    b.queue.lock().unwrap_or_else(|e| e.into_inner()).push_back((root.to_path_buf(), game, pieces));
    static STARTED: Once = Once::new();
    STARTED.call_once(|| {
        let spawned = std::thread::Builder::new().name("egdb-first-use".into()).spawn(serve);
        if let Err(e) = spawned {
            log::warn!("cannot start the thread that builds endgame tables: {e}");
        }
    });
    b.ready.notify_one();
}

/// Whether the builder thread is working on a job (set and read under the queue's lock).
static BUSY: AtomicBool = AtomicBool::new(false);

/// Whether this process's builder has nothing queued or under way.
pub fn idle() -> bool {
    let queue = builder().queue.lock().unwrap_or_else(|e| e.into_inner());
    queue.is_empty() && !BUSY.load(Ordering::Acquire)
}

/// The builder thread: one job after another, for the life of the process.
fn serve() {
    lowest_priority();
    let b = builder();
    loop {
        let job = {
            let mut queue = b.queue.lock().unwrap_or_else(|e| e.into_inner());
            loop {
                if let Some(job) = queue.pop_front() {
                    BUSY.store(true, Ordering::Release);
                    break job;
                }
                queue = b.ready.wait(queue).unwrap_or_else(|e| e.into_inner());
            }
        };
        let (root, game, pieces) = job;
        if let Err(message) = build_first_use(&root, game, pieces) {
            tell(&format!(
                "could not build the {game} endgame tables in {}: {message}; playing without \
                 the missing ones",
                game_dir(&root, game).display()
            ));
        }
        BUSY.store(false, Ordering::Release);
    }
}

/// Lowers this thread to the least CPU priority there is: Linux's idle class, else the lowest
/// priority of the system's normal class. Nothing is lost if the system refuses.
fn lowest_priority() {
    use thread_priority::{set_current_thread_priority, ThreadPriority};
    #[cfg(target_os = "linux")]
    {
        use thread_priority::{
            set_thread_priority_and_policy, thread_native_id, NormalThreadSchedulePolicy,
            ThreadSchedulePolicy,
        };
        let idle = ThreadSchedulePolicy::Normal(NormalThreadSchedulePolicy::Idle);
        if set_thread_priority_and_policy(thread_native_id(), ThreadPriority::Min, idle).is_ok() {
            return;
        }
    }
    if let Err(e) = set_current_thread_priority(ThreadPriority::Min) {
        log::debug!("the table builder keeps its priority: {e:?}");
    }
}

/// The most pieces up to which every slice's file is in the game's place `dir`, by their names
/// alone (what another process has finished: its files are renamed into place only when
/// whole), looking no further than `pieces`.
fn levels_present(dir: &Path, pieces: u32) -> u32 {
    let order = Slice::build_order(pieces);
    (2..=pieces)
        .take_while(|&n| {
            order
                .iter()
                .filter(|s| s.material().pieces() == n)
                .all(|s| dir.join(s.file_name()).exists())
        })
        .last()
        .unwrap_or(1)
}

/// How often a process waiting for another's build looks at the directory.
const WAIT_POLL: Duration = Duration::from_millis(500);

/// Builds `game`'s tables up to `pieces` in `root` unless they are there, holding the
/// directory's lock; waits for the lock while another process holds it.
fn build_first_use(root: &Path, game: TableGame, pieces: u32) -> Result<(), String> {
    let dir = game_dir(root, game);
    if complete_pieces(root, game) >= pieces {
        return Ok(());
    }
    let mut seen = levels_present(&dir, pieces);
    let mut waited = false;
    let _lock = loop {
        match try_lock(root) {
            Ok(Some(lock)) => break lock,
            Ok(None) => {}
            Err(e) => return Err(format!("cannot lock {}: {e}", root.display())),
        }
        if !waited {
            waited = true;
            tell(&format!(
                "another process is building endgame tables in {}; the {game} tables are used \
                 as they come",
                root.display()
            ));
        }
        std::thread::sleep(WAIT_POLL);
        let now = levels_present(&dir, pieces);
        if now != seen {
            seen = now;
            advance();
        }
    };
    let before = complete_pieces(root, game);
    if before >= pieces {
        advance();
        return Ok(());
    }
    let started = Instant::now();
    // One thread: the builder's parallel parts run on this pool's single worker, at the
    // lowest priority, never on the search's cores' share.
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .thread_name(|_| "egdb-first-use-worker".into())
        .start_handler(|_| lowest_priority())
        .build()
        .map_err(|e| format!("cannot start the builder's thread: {e}"))?;
    for level in before.max(1) + 1..=pieces {
        let options = BuildOptions {
            dir: root.to_path_buf(),
            pieces: level,
            distance_pieces: DEFAULT_DISTANCE_PIECES,
        };
        pool.install(|| build_game(game, &options, &AtomicU64::new(0), &mut |_| {}))
            .map_err(|e| e.to_string())?;
        advance();
        tell(&format!(
            "{game} endgame tables up to {level} pieces ready ({:.1} s)",
            started.elapsed().as_secs_f64()
        ));
    }
    tell(&format!(
        "built the {game} endgame tables up to {pieces} pieces in {:.1} s",
        started.elapsed().as_secs_f64()
    ));
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_setting_reads_off_on_and_a_number_of_pieces() {
        for off in ["off", "0", "no", "FALSE", " off "] {
            assert_eq!(FirstUse::parse(off), FirstUse::Off, "{off}");
        }
        for on in ["", "on", "yes", "true", "later"] {
            assert_eq!(FirstUse::parse(on), FirstUse::Build(None), "{on}");
        }
        assert_eq!(FirstUse::parse("3"), FirstUse::Build(Some(3)));
        assert_eq!(FirstUse::parse("1"), FirstUse::Build(None));
        assert_eq!(FirstUse::Off.pieces(TableGame::Italian), None);
        assert_eq!(FirstUse::Build(None).pieces(TableGame::Italian), Some(5));
        assert_eq!(FirstUse::Build(None).pieces(TableGame::English), Some(5));
        assert_eq!(FirstUse::Build(None).pieces(TableGame::International), Some(4));
        // A number never goes past what first use builds: larger tables stay explicit.
        assert_eq!(FirstUse::Build(Some(6)).pieces(TableGame::International), Some(4));
        assert_eq!(FirstUse::Build(Some(3)).pieces(TableGame::English), Some(3));
    }
}
