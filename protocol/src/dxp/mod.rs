//! `dama dxp`: the DamExchange protocol (DXP, version 01) over TCP, for International draughts;
//! documented for users in the README ("DXP"). Dama is the follower (a server answering game
//! requests, `--listen`) or the initiator (proposing games, `--connect`).
//!
//! The pieces, one idea each: the messages, their reading and their framing are shared with the
//! match runner (`dama_frontend::dxp`); [`link`] (messages on a socket, the reader thread),
//! [`log`] (the exchange log), [`game`] (a game under the rules, its clock, moves and positions
//! as the messages carry them), [`search`] (the search thread), [`session`] (one connection's
//! event loop), [`flow`] (the game as the protocol runs it), [`request`] (the follower's
//! judgement of a game request), [`server`] (the follower's acceptor and game thread) and
//! [`pending`] (a new connection until its game request is accepted).

pub mod event;
pub mod flow;
pub mod game;
pub mod gate;
pub mod link;
pub mod log;
pub mod pending;
pub mod request;
pub mod search;
pub mod server;
pub mod session;

use crate::games::TableSource;
use clap::{Args, ValueEnum};
use dama_engine::color::Color;
use dama_engine::international::International;
use dama_engine::rules::Rules;
use dama_engine::search::{Searcher, DEFAULT_MOVE_OVERHEAD, MAX_TABLE_MIB, MAX_THREADS};
use dama_frontend::dxp::address::parse_address;
use link::Link;
use log::ExchangeLog;
use session::{Config, Proposal, Role, Session};
use std::net::{TcpListener, TcpStream};
use std::path::PathBuf;
use std::time::Duration;

/// The port DXP programs use by default.
pub const DEFAULT_PORT: u16 = 27531;

/// A side, as the command line names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Side {
    /// White.
    White,
    /// Black.
    Black,
}

/// Arguments of `dama dxp`.
#[derive(Args, Debug)]
pub struct DxpArgs {
    /// Serve games (the default): listen on [ADDR:]PORT; ADDR defaults to 127.0.0.1, the port
    /// to 27531; port 0 takes a free port. The address bound is printed.
    #[arg(long, value_name = "[ADDR:]PORT", conflicts_with_all = ["connect", "port"])]
    listen: Option<String>,
    /// Serve games on 127.0.0.1:PORT (the same as --listen PORT).
    #[arg(long, value_name = "PORT", conflicts_with = "connect")]
    port: Option<u16>,
    /// Propose games to the DXP program listening at [HOST:]PORT.
    #[arg(long, value_name = "[HOST:]PORT")]
    connect: Option<String>,
    /// With --connect: Dama's colour in the first game (then alternately) [default: white].
    #[arg(long, value_enum)]
    color: Option<Side>,
    /// With --connect: thinking time of each side for the whole game, in minutes (0-999; 0: none,
    /// Dama then takes --movetime per move) [default: 5].
    #[arg(long, value_name = "MINUTES", value_parser = clap::value_parser!(u16).range(0..=999))]
    time: Option<u16>,
    /// With --connect: moves of the whole game (0-999; 0: no limit); the game ends when they
    /// are played [default: 0].
    #[arg(long, value_parser = clap::value_parser!(u16).range(0..=999))]
    moves: Option<u16>,
    /// With --connect: the start position (International FEN) [default: the start].
    #[arg(long)]
    fen: Option<String>,
    /// Games to play: with --connect, on the connection (default 1); serving, in all before
    /// exiting (default: serve until stopped).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    games: Option<u32>,
    /// Seconds per move when a game has no thinking time (000 in the game request).
    #[arg(long, default_value_t = 1.0)]
    movetime: f64,
    /// Milliseconds kept back from every move and from the clock for the connection's and the
    /// other program's latency (0-5000).
    #[arg(long, value_name = "MS", default_value_t = DEFAULT_MOVE_OVERHEAD.as_millis() as u64,
          value_parser = clap::value_parser!(u64).range(0..=5_000))]
    move_overhead: u64,
    /// Seconds to wait for the other program beyond its clock (and for answers) before giving
    /// up on the connection.
    #[arg(long, default_value_t = 300.0)]
    timeout: f64,
    /// Serving: seconds a connection has to send its game request (the first, and the next
    /// between games) before it is closed.
    #[arg(long, value_name = "S", default_value_t = 10.0)]
    request_timeout: f64,
    /// Search threads.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=i64::from(MAX_THREADS)))]
    threads: u32,
    /// Transposition table size in MiB.
    #[arg(long, default_value_t = 64, value_parser = clap::value_parser!(u32).range(1..=i64::from(MAX_TABLE_MIB)))]
    hash: u32,
    /// Play from the embedded International opening book where the position is in it (off by
    /// default: the book lost from the start position at equal time, docs/strength.md).
    #[arg(long)]
    book: bool,
    /// The endgame table directory (default: the default one, `dama egdb status`, where the
    /// 2-4 piece tables are built in the background on first use).
    #[arg(long, value_name = "DIR", conflicts_with = "no_egdb")]
    egdb_dir: Option<PathBuf>,
    /// Play without endgame tables.
    #[arg(long)]
    no_egdb: bool,
    /// Append a log of the exchange to this file: every message sent (>) and received (<), and
    /// what Dama did (#).
    #[arg(long, value_name = "FILE")]
    log_file: Option<PathBuf>,
}

/// Why `dama dxp` failed.
#[derive(Debug)]
pub enum Failure {
    /// A command-line input is wrong (exit status 2).
    Usage(String),
    /// The connection failed, or the other side refused the game (exit status 1).
    Connection(String),
}

/// A number of seconds from the command line.
fn seconds(option: &str, value: f64) -> Result<Duration, Failure> {
    if value.is_finite() && value > 0.0 && value <= 1e6 {
        return Ok(Duration::from_secs_f64(value));
    }
    Err(Failure::Usage(format!(
        "{option} must be a number of seconds above 0 and at most 1000000, got {value}"
    )))
}

/// Runs `dama dxp`.
pub fn run(args: &DxpArgs) -> Result<(), Failure> {
    let usage = Failure::Usage;
    let config = Config {
        name: format!("Dama {}", env!("CARGO_PKG_VERSION")),
        movetime: seconds("--movetime", args.movetime)?,
        move_overhead: Duration::from_millis(args.move_overhead),
        patience: seconds("--timeout", args.timeout)?,
        request_timeout: seconds("--request-timeout", args.request_timeout)?,
        hash_mib: args.hash as usize,
        threads: args.threads as usize,
        book: args.book,
        tables: TableSource::new(
            args.egdb_dir.as_deref(),
            if args.no_egdb { 0 } else { dama_egdb::MAX_BUILD_PIECES },
            true,
        ),
    };
    let mut searcher = Searcher::<International>::new(config.hash_mib, config.threads)
        .map_err(|e| usage(format!("--hash: {e}")))?;
    searcher.set_endgame_tables(
        config.tables.open::<International>().map_err(|e| usage(format!("--egdb-dir {e}")))?,
    );
    let log = ExchangeLog::open(args.log_file.as_deref()).map_err(usage)?;
    match &args.connect {
        Some(address) => initiate(args, address, &config, searcher, log),
        None => {
            for (name, given) in [
                ("--color", args.color.is_some()),
                ("--time", args.time.is_some()),
                ("--moves", args.moves.is_some()),
                ("--fen", args.fen.is_some()),
            ] {
                if given {
                    return Err(usage(format!(
                        "{name} is for proposing games: it needs --connect"
                    )));
                }
            }
            let address = match (&args.listen, args.port) {
                (Some(text), _) => text.clone(),
                (None, Some(port)) => port.to_string(),
                (None, None) => DEFAULT_PORT.to_string(),
            };
            serve(args, &address, &config, searcher, log)
        }
    }
}

/// The follower: listens on `address`, then serves ([`server`]).
fn serve(
    args: &DxpArgs,
    address: &str,
    config: &Config,
    searcher: Searcher<International>,
    log: ExchangeLog,
) -> Result<(), Failure> {
    let addresses = parse_address("--listen", address).map_err(Failure::Usage)?;
    let listener = TcpListener::bind(&addresses[..])
        .map_err(|e| Failure::Usage(format!("--listen: cannot listen on {address}: {e}")))?;
    let bound = listener.local_addr().map_err(|e| Failure::Usage(e.to_string()))?;
    say!("listening on {bound}");
    server::serve(listener, config, args.games, searcher, log)
}

/// The initiator: connects, proposes the games, plays them.
fn initiate(
    args: &DxpArgs,
    address: &str,
    config: &Config,
    searcher: Searcher<International>,
    mut log: ExchangeLog,
) -> Result<(), Failure> {
    let start = match &args.fen {
        None => International::start(),
        Some(fen) => {
            International::parse_fen(fen).map_err(|e| Failure::Usage(format!("--fen: {e}")))?
        }
    };
    if International::legal_moves(&start).is_empty() {
        return Err(Failure::Usage("--fen: the side to move has no legal move".into()));
    }
    let color = match args.color.unwrap_or(Side::White) {
        Side::White => Color::White,
        Side::Black => Color::Black,
    };
    let proposal =
        Proposal { color, minutes: args.time.unwrap_or(5), moves: args.moves.unwrap_or(0), start };
    let addresses = parse_address("--connect", address).map_err(Failure::Usage)?;
    let mut failure = String::new();
    let mut connected = None;
    for target in &addresses {
        match TcpStream::connect_timeout(target, config.patience) {
            Ok(stream) => {
                connected = Some(stream);
                break;
            }
            Err(e) => failure = format!("cannot connect to {target}: {e}"),
        }
    }
    let Some(stream) = connected else {
        log.note(&failure);
        return Err(Failure::Connection(failure));
    };
    let link = Link::new(stream, log.share(), config.patience).map_err(|why| {
        log.note(&why);
        Failure::Connection(why)
    })?;
    let role = Role::Initiator(proposal);
    let mut searcher = Some(searcher);
    let games = args.games.unwrap_or(1);
    let session = Session::new(config, &role, link, &mut searcher, 1, Some(games));
    let (played, result) = session.run();
    result.map_err(Failure::Connection)?;
    if played < games {
        tell!("dxp: the other side wanted no more games after {played} of {games}");
    }
    Ok(())
}
