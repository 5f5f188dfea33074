//! `dama book`: build an opening book of any game with the engine, show a position's book moves,
//! and report a book's size and how it covers the game's openings (the Italian ballots, the
//! International first moves and replies). Format and method: docs/book.md.

use clap::{Args, Subcommand};
use dama_book::build::{build, BuildOptions, LeafLimit, Phase, Progress};
use dama_book::coverage::{ballot_coverage, CoverageSummary};
use dama_book::format::parse_book;
use dama_book::openings::{parse_ballots, Ballot};
use dama_book::tree::Tree;
use dama_book::{Book, BookGame};
use dama_engine::english::English;
use dama_engine::flying8::{Brazilian, Russian};
use dama_engine::history::{play_line, GameHistory};
use dama_engine::international::International;
use dama_engine::italian::Italian;
use dama_engine::score::score_text;
use dama_engine::search::{MAX_TABLE_MIB, MAX_THREADS};
use dama_engine::variant::Variant;
use dama_frontend::variant_arg::variant_parser;
use indicatif::{ProgressBar, ProgressStyle};
use std::borrow::Cow;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// Arguments of `dama book`.
#[derive(Args, Debug)]
pub struct BookArgs {
    #[command(subcommand)]
    command: BookCommand,
}

#[derive(Subcommand, Debug)]
enum BookCommand {
    /// Grow a book from the start position over every three-ply line and the 174 ballots
    /// (International: every two-ply line, the 81 first moves and replies), scoring moves with
    /// the search (drop-out expansion). Resumes from --out when it exists.
    Build(BuildArgs),
    /// Print the book moves of a position, with scores and weights.
    Show(ShowArgs),
    /// Print a book's size and how it covers the 174 ballots (International: the 81 first moves
    /// and replies).
    Stats(StatsArgs),
}

/// Arguments of `dama book build`.
#[derive(Args, Debug)]
struct BuildArgs {
    /// The game: italian, english, international, russian or brazilian draughts.
    #[arg(long, value_parser = variant_parser(), default_value = "italian")]
    variant: Variant,
    /// The book file to write (and to resume from when it exists).
    #[arg(long, default_value = "dama.book")]
    out: PathBuf,
    /// Score each move with a search to this depth (default 10).
    #[arg(long, conflicts_with = "time", value_parser = clap::value_parser!(u32).range(1..=60))]
    depth: Option<u32>,
    /// Score each move with a search of this many seconds instead (not repeatable).
    #[arg(long)]
    time: Option<f64>,
    /// Stop when the book holds this many positions.
    #[arg(long, default_value_t = 5000)]
    positions: usize,
    /// Worker threads (each searches one position at a time, single-threaded).
    #[arg(long, default_value_t = default_threads(), value_parser = clap::value_parser!(u32).range(1..=i64::from(MAX_THREADS)))]
    threads: u32,
    /// Positions expanded per batch; the book depends on it (not on --threads).
    #[arg(long, default_value_t = 32, value_parser = clap::value_parser!(u32).range(1..=10_000))]
    batch: u32,
    /// Drop-out expansion: the cost of one ply in centi-men, against a move's shortfall from
    /// the best move. Smaller goes deeper, larger goes wider.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(i32).range(1..=10_000))]
    ply_cost: i32,
    /// Every line of this many plies from the start goes into the book [default: 3; 2 for
    /// international].
    #[arg(long, value_parser = clap::value_parser!(u32).range(0..=4))]
    seed_plies: Option<u32>,
    /// Ballots file (TSV, as data/openings/; Italian); default the embedded 174 ballots.
    #[arg(long)]
    ballots: Option<PathBuf>,
    /// Transposition table of each worker, in MiB.
    #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u32).range(1..=i64::from(MAX_TABLE_MIB)))]
    hash: u32,
    /// Start afresh even when --out exists.
    #[arg(long)]
    fresh: bool,
    /// Write the file at least this often while building, in seconds.
    #[arg(long, default_value_t = 30)]
    save_every: u64,
}

/// Arguments of `dama book show`.
#[derive(Args, Debug)]
struct ShowArgs {
    /// The game: italian, english, international, russian or brazilian draughts.
    #[arg(long, value_parser = variant_parser(), default_value = "italian")]
    variant: Variant,
    /// The book file; default the embedded book of the game.
    #[arg(long)]
    book: Option<PathBuf>,
    /// The position (PDN FEN); default the start position.
    #[arg(long)]
    fen: Option<String>,
    /// Moves played from that position first (any notation), e.g. "22-18 11-15".
    #[arg(long, default_value = "")]
    moves: String,
    /// Accept a book file that holds no position.
    #[arg(long)]
    allow_empty: bool,
}

/// Arguments of `dama book stats`.
#[derive(Args, Debug)]
struct StatsArgs {
    /// The game: italian, english, international, russian or brazilian draughts.
    #[arg(long, value_parser = variant_parser(), default_value = "italian")]
    variant: Variant,
    /// The book file; default the embedded book of the game.
    #[arg(long)]
    book: Option<PathBuf>,
    /// Ballots file (TSV; Italian); default the embedded 174 ballots.
    #[arg(long)]
    ballots: Option<PathBuf>,
    /// Print one line per ballot as well.
    #[arg(long)]
    per_ballot: bool,
    /// Accept a book file that holds no position.
    #[arg(long)]
    allow_empty: bool,
}

fn default_threads() -> u32 {
    std::thread::available_parallelism().map_or(1, |n| n.get() as u32)
}

/// Runs `dama book`.
pub fn run(args: &BookArgs) -> Result<(), String> {
    match &args.command {
        BookCommand::Build(a) => match a.variant {
            Variant::Italian => run_build::<Italian>(a, load_ballots(a.ballots.as_deref())?),
            Variant::English => run_build::<English>(a, other_openings(a.ballots.as_deref())?),
            Variant::International => {
                run_build::<International>(a, other_openings(a.ballots.as_deref())?)
            }
            Variant::Russian => run_build::<Russian>(a, other_openings(a.ballots.as_deref())?),
            Variant::Brazilian => run_build::<Brazilian>(a, other_openings(a.ballots.as_deref())?),
        },
        BookCommand::Show(a) => match a.variant {
            Variant::Italian => run_show::<Italian>(a, |p| Some(p.to_string())),
            Variant::English => run_show::<English>(a, |_| None),
            Variant::International => run_show::<International>(a, |_| None),
            Variant::Russian => run_show::<Russian>(a, |_| None),
            Variant::Brazilian => run_show::<Brazilian>(a, |_| None),
        },
        BookCommand::Stats(a) => match a.variant {
            Variant::Italian => run_stats::<Italian>(a, load_ballots(a.ballots.as_deref())?),
            Variant::English => run_stats::<English>(a, other_openings(a.ballots.as_deref())?),
            Variant::International => {
                run_stats::<International>(a, other_openings(a.ballots.as_deref())?)
            }
            Variant::Russian => run_stats::<Russian>(a, other_openings(a.ballots.as_deref())?),
            Variant::Brazilian => run_stats::<Brazilian>(a, other_openings(a.ballots.as_deref())?),
        },
    }
}

/// The Italian ballots: the file's, or the embedded 174.
fn load_ballots(path: Option<&Path>) -> Result<Vec<Ballot>, String> {
    match path {
        None => Ok(Italian::openings()),
        Some(p) => {
            let text = std::fs::read_to_string(p)
                .map_err(|e| format!("cannot read ballots '{}': {e}", p.display()))?;
            parse_ballots(dama_frontend::files::without_bom(&text))
                .map_err(|e| format!("{}: {e}", p.display()))
        }
    }
}

/// The openings of a game other than Dama Italiana: its own (`--ballots` files are Italian).
fn other_openings<R: BookGame>(path: Option<&Path>) -> Result<Vec<Ballot<R>>, String> {
    match path {
        None => Ok(R::openings()),
        Some(_) => Err(format!(
            "--ballots is a file of Italian ballots; a {} book covers its own {} {}s",
            R::NAME,
            R::openings().len(),
            R::OPENING
        )),
    }
}

/// The book in `path`, or the game's embedded one.
fn load_book<R: BookGame>(
    path: Option<&Path>,
    allow_empty: bool,
) -> Result<Cow<'static, Book<R>>, String> {
    match path {
        None => R::embedded_book()
            .map(Cow::Borrowed)
            .ok_or_else(|| format!("Dama embeds no {} book: give one with --book FILE", R::NAME)),
        Some(p) => {
            let book = Book::<R>::load(p).map_err(|e| e.to_string())?;
            if book.is_empty() && !allow_empty {
                return Err(format!(
                    "book '{}' holds no position (--allow-empty to accept an empty book)",
                    p.display()
                ));
            }
            Ok(Cow::Owned(book))
        }
    }
}

fn run_build<R: BookGame>(args: &BuildArgs, openings: Vec<Ballot<R>>) -> Result<(), String> {
    let leaf = match (args.depth, args.time) {
        (_, Some(t)) if !(t.is_finite() && t > 0.0 && t < 1e5) => {
            return Err(format!("--time must be a positive number of seconds, got {t}"));
        }
        (_, Some(t)) => LeafLimit::Time(Duration::from_secs_f64(t)),
        (Some(d), None) => LeafLimit::Depth(d),
        (None, None) => LeafLimit::Depth(10),
    };
    let options = BuildOptions {
        leaf,
        positions: args.positions,
        seed_plies: args.seed_plies.map_or(R::SEED_PLIES, |p| p as usize),
        ballots: openings,
        ply_cost: args.ply_cost,
        batch: args.batch as usize,
        threads: args.threads as usize,
        hash_mib: args.hash as usize,
    };
    // Each save goes through the temporary file next to --out, renamed onto it.
    dama_frontend::files::check_writable("--out", &args.out, &args.out.with_extension("book.tmp"))?;
    let mut tree = Tree::<R>::new();
    if args.out.exists() && !args.fresh {
        let text = std::fs::read_to_string(&args.out)
            .map_err(|e| format!("cannot read '{}': {e}", args.out.display()))?;
        let lines = parse_book::<R>(&text).map_err(|e| format!("{}: {e}", args.out.display()))?;
        tree = Tree::from_lines(&lines);
        tell!("resuming from {} ({} positions)", args.out.display(), tree.len());
    }
    let header = build_header(args, &options);
    let bar = ProgressBar::new(options.positions as u64);
    bar.set_style(
        ProgressStyle::with_template(
            "{elapsed_precise} [{bar:40}] {pos}/{len} positions, eta {eta} {msg}",
        )
        .map_err(|e| e.to_string())?
        .progress_chars("=> "),
    );
    bar.set_position(tree.len() as u64);
    let mut last_save = Instant::now();
    let built = build(&mut tree, &options, |tree, progress: &Progress| {
        bar.set_position(progress.positions as u64);
        let phase = if progress.phase == Phase::Seeding { "seeding" } else { "expanding" };
        bar.set_message(format!("{phase}, {} moves searched", progress.searches));
        if last_save.elapsed() >= Duration::from_secs(args.save_every) {
            last_save = Instant::now();
            save(&args.out, tree, &header).map_err(|e| format!("{e}; the build is stopped"))?;
        }
        Ok(())
    });
    bar.finish_and_clear();
    built?;
    save(&args.out, &tree, &header)?;
    say!("wrote {}", args.out.display());
    print_stats(&Book::<R>::load(&args.out).map_err(|e| e.to_string())?, &options.ballots, false);
    Ok(())
}

/// The comment lines at the top of a built book (a book of another game than Dama Italiana
/// names its `--variant`).
fn build_header<R: BookGame>(args: &BuildArgs, options: &BuildOptions<R>) -> Vec<String> {
    let leaf = match options.leaf {
        LeafLimit::Depth(d) => format!("--depth {d}"),
        LeafLimit::Time(t) => format!("--time {}", t.as_secs_f64()),
    };
    let variant = if args.variant == Variant::Italian {
        String::new()
    } else {
        format!(" --variant {}", R::NAME)
    };
    let ballots =
        args.ballots.as_ref().map_or(String::new(), |p| format!(" --ballots {}", p.display()));
    vec![
        "Dama opening book. Format: docs/book.md. Each line: the moves from the start | MOVE SCORE WEIGHT ; ...".to_string(),
        "SCORE: centi-men for the side to move after a search (backed up by negamax); WEIGHT: 1 + book positions behind the move (0 = never).".to_string(),
        format!(
            "Built by: dama book build{variant} {leaf} --positions {} --ply-cost {} --batch {} --seed-plies {}{ballots}",
            options.positions, options.ply_cost, options.batch, options.seed_plies
        ),
    ]
}

/// Writes the book through a temporary file, so an interrupted write never leaves half a book.
fn save<R: BookGame>(path: &Path, tree: &Tree<R>, header: &[String]) -> Result<(), String> {
    let temporary = path.with_extension("book.tmp");
    std::fs::write(&temporary, tree.to_text(header))
        .and_then(|()| std::fs::rename(&temporary, path))
        .map_err(|e| format!("cannot write '{}': {e}", path.display()))
}

/// `dama book show`; `board` draws the position where the game has a drawing (Italian).
fn run_show<R: BookGame>(
    args: &ShowArgs,
    board: fn(&R::Position) -> Option<String>,
) -> Result<(), String> {
    let start = R::parse_fen(args.fen.as_deref().unwrap_or(args.variant.start_fen()))?;
    let mut history = GameHistory::new::<R>(&start);
    let position =
        play_line::<R>(start, &mut history, &args.moves).map_err(|e| format!("--moves: {e}"))?;
    let book = load_book::<R>(args.book.as_deref(), args.allow_empty)?;
    if let Some(drawing) = board(&position) {
        say!("{drawing}");
    }
    say!("FEN {}", R::to_fen(&position));
    if !print_book_moves(&book, &position) {
        say!("not in the book");
    }
    Ok(())
}

/// Prints the book moves of `position` (one line each, best first); false when there are none.
pub fn print_book_moves<R: BookGame>(book: &Book<R>, position: &R::Position) -> bool {
    let moves = book.moves(position);
    for m in moves {
        say!(
            "book {:<12} score {:>10} weight {}",
            R::path_text(position, &m.mv),
            score_text(m.score),
            m.weight
        );
    }
    !moves.is_empty()
}

fn run_stats<R: BookGame>(args: &StatsArgs, openings: Vec<Ballot<R>>) -> Result<(), String> {
    let book = load_book::<R>(args.book.as_deref(), args.allow_empty)?;
    print_stats(&book, &openings, args.per_ballot);
    Ok(())
}

fn print_stats<R: BookGame>(book: &Book<R>, openings: &[Ballot<R>], per_opening: bool) {
    let name = R::OPENING;
    let coverage = ballot_coverage(book, openings);
    if per_opening {
        for c in &coverage {
            say!(
                "{name} {:>3} main line {:>3} plies, {:>5} positions",
                c.number,
                c.main_line,
                c.positions
            );
        }
    }
    let s = CoverageSummary::of(&coverage);
    say!("positions {} moves {}", book.len(), book.move_count());
    say!(
        "{name}s {} in book {} both colours {} main line past the {name} min/median/max {}/{}/{} plies, positions beyond min/median/max {}/{}/{}",
        s.ballots, s.in_book, s.both_colours, s.main_line.0, s.main_line.1, s.main_line.2,
        s.positions.0, s.positions.1, s.positions.2
    );
}
