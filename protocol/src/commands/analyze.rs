//! `dama analyze`: search a position and print each completed iteration, then `bestmove`.

use crate::games::{dispatch, Game, GameRules, Session, WithGame};
use clap::Args;
use dama_engine::rules::{line_text, Rules};
use dama_engine::search::{SearchControl, SearchInfo, SearchLimits};
use dama_engine::tables::{holds_under_count, TablebaseValue};
use dama_engine::variant::Variant;
use dama_frontend::variant_arg::variant_parser;

/// Arguments of `dama analyze`.
#[derive(Args, Debug)]
pub struct AnalyzeArgs {
    /// The position (PDN FEN); default the variant's start position.
    #[arg(long)]
    fen: Option<String>,
    /// The game: italian, english, international, russian or brazilian draughts. Every game has
    /// endgame tables; the first three have a book.
    #[arg(long, value_parser = variant_parser(), default_value = "italian")]
    variant: Variant,
    /// Moves played from that position first (any notation), e.g. "22-18 11-15".
    #[arg(long, default_value = "")]
    moves: String,
    #[command(flatten)]
    search: super::search_args::SearchArgs,
    /// Do not show the embedded opening book's moves for the position.
    #[arg(long)]
    no_book: bool,
    /// Show the N best moves, each with its score and line (`line K` on each iteration's
    /// lines, 1 the best).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=64))]
    multipv: u32,
}

use dama_engine::score::score_text;

/// The search limits the arguments ask for.
fn limits(args: &AnalyzeArgs) -> Result<SearchLimits, String> {
    let mut limits = args.search.limits(3)?;
    limits.multipv = args.multipv as usize;
    Ok(limits)
}

/// Runs `dama analyze`.
pub fn run(args: &AnalyzeArgs) -> Result<(), String> {
    dispatch(args.variant, Analyze(args))
}

struct Analyze<'a>(&'a AnalyzeArgs);

impl WithGame for Analyze<'_> {
    type Output = Result<(), String>;
    fn with<R: GameRules>(self) -> Self::Output {
        analyze::<R>(self.0)
    }
}

/// Gives the session the game's endgame tables (unless `--no-egdb`; the small ones are built on
/// first use) and prints their value of the position when they hold it. Where a material count
/// of the game is in force (the FMJD counts of International draughts), says whether the
/// tables' win or loss ends before the count does.
fn attach_tables<R: GameRules>(args: &AnalyzeArgs, session: &mut Session<R>) -> Result<(), String> {
    if !args.search.attach_tables(session)? {
        return Ok(());
    }
    let Some((value, plies)) = session.verdict() else {
        return Ok(());
    };
    let word = match value {
        TablebaseValue::Win => "win",
        TablebaseValue::Loss => "loss",
        TablebaseValue::Draw => "draw",
    };
    let counts = if R::ENDGAME_COUNTS {
        format!("the {}, the endgame counts", R::MOVE_COUNT_RULE.replace("rule", "count"))
    } else {
        "the 40-move count".to_string()
    };
    let distance = plies.map(|p| format!(" in {p} plies")).unwrap_or_default();
    say!("tablebase {word}{distance} (perfect play; {counts} and repetitions are not counted)");
    if let Some(count) = session.game.history.endgame_count().filter(|_| R::ENDGAME_COUNTS) {
        let verdict = if holds_under_count(value, plies, count.plies, count.limit) {
            "the tables' value stands"
        } else {
            "the win does not end in time: a draw, unless a capture on the way starts a new count"
        };
        say!("{}: {} of {} plies played; {verdict}", count.rule, count.plies, count.limit);
    }
    Ok(())
}

/// `dama analyze` in the game `R`: the position, the book's moves, the endgame tables' value,
/// the search.
fn analyze<R: GameRules>(args: &AnalyzeArgs) -> Result<(), String> {
    let limits = limits(args)?;
    let fen = args.fen.as_deref().unwrap_or(args.variant.start_fen());
    let mut game = Game::<R>::from_fen(Some(fen), "")?;
    game.play_text(&args.moves).map_err(|e| format!("--moves: {e}"))?;
    let searcher = args.search.searcher::<R>()?;
    let mut session = Session::new(game);
    session.put_searcher(searcher);
    let position = session.game.position;
    if let Some(board) = R::board_text(&position) {
        say!("{board}");
    }
    say!("FEN {}", R::to_fen(&position));
    if !session.has_legal_move() {
        say!("no legal move: the side to move has lost");
        return Ok(());
    }
    // The book is parsed on first use: with --no-book it is not read at all.
    if let Some(book) = (!args.no_book).then(R::embedded_book).flatten() {
        super::book::print_book_moves(book, &position);
    }
    attach_tables(args, &mut session)?;
    let print = printer::<R>(&position, args.multipv > 1);
    let result = session.search(&limits, &SearchControl::new(), print)?;
    match result.best_move {
        Some(mv) => say!("bestmove {}", R::path_text(&position, &mv)),
        None => say!("bestmove none"),
    }
    Ok(())
}

/// Prints one line per completed iteration (and per line with --multipv).
fn printer<R: Rules>(root: &R::Position, several: bool) -> impl FnMut(&SearchInfo<R::Move>) + '_ {
    move |info: &SearchInfo<R::Move>| {
        let seconds = info.time.as_secs_f64();
        let nps = if seconds > 0.0 { (info.nodes as f64 / seconds) as u64 } else { 0 };
        let pv = line_text::<R>(root, &info.pv, R::path_text);
        let line = if several { format!("line {:>2} ", info.multipv) } else { String::new() };
        say!(
            "{line}depth {:>2}/{:<2} score {:>10} nodes {:>11} nps {:>9} time {:>7.3} tbhits {} pv {}",
            info.depth,
            info.seldepth,
            score_text(info.score),
            info.nodes,
            nps,
            seconds,
            info.tablebase_hits,
            pv.join(" ")
        );
    }
}
