//! `dama serve`: the board in the browser. A local web server (axum on tokio) serves the page
//! and its assets, embedded in the binary (`protocol/web/`), and gives each browser tab a
//! WebSocket with a board session of its own (`socket`, over a `tab::Tab`); searches run on
//! threads of their own (`search`). Requests whose Host or Origin is not the server's own are
//! refused (`http::guard`), against DNS rebinding.

mod http;
mod messages;
mod search;
mod socket;
mod tab;

pub use messages::{parse_request, Reply, Request, MAX_MESSAGE_BYTES};

use clap::Args;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::atomic::AtomicUsize;
use std::sync::Arc;

/// Arguments of `dama serve`.
#[derive(Args, Debug)]
pub struct ServeArgs {
    /// The address to listen on. Another address than the loopback one lets other machines
    /// play with this one's engine: only on a network you trust.
    #[arg(long, default_value = "127.0.0.1:8080")]
    listen: SocketAddr,
    /// Open the page in the default browser.
    #[arg(long)]
    open: bool,
    /// Transposition table of each tab's searcher, in MiB.
    #[arg(long, default_value_t = 32, value_parser = clap::value_parser!(u32).range(1..=4096))]
    hash: u32,
    /// Endgame table directory (default: the cache directory of `dama egdb`, if it holds tables).
    #[arg(long, conflicts_with = "no_egdb")]
    egdb_dir: Option<PathBuf>,
    /// Search without endgame tables.
    #[arg(long)]
    no_egdb: bool,
}

/// What every connection shares.
#[derive(Debug, Default)]
pub struct Config {
    /// Each tab's table size.
    pub hash_mib: usize,
    /// The table directory, if given.
    pub egdb_dir: Option<PathBuf>,
    /// No tables.
    pub no_egdb: bool,
    /// Searches running now (the `/status` page says it).
    pub searches: AtomicUsize,
    /// Connections open now.
    pub connections: AtomicUsize,
    /// The port served, for the Host and Origin checks.
    pub port: u16,
}

/// Runs `dama serve`.
pub fn run(args: &ServeArgs) -> Result<(), String> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the server: {e}"))?;
    runtime.block_on(serve(args))
}

async fn serve(args: &ServeArgs) -> Result<(), String> {
    let listener = tokio::net::TcpListener::bind(args.listen)
        .await
        .map_err(|e| format!("cannot listen on {}: {e}", args.listen))?;
    let address = listener.local_addr().map_err(|e| e.to_string())?;
    let config = Arc::new(Config {
        hash_mib: args.hash as usize,
        egdb_dir: args.egdb_dir.clone(),
        no_egdb: args.no_egdb,
        port: address.port(),
        ..Config::default()
    });
    let shown = match address.ip().is_unspecified() {
        true => SocketAddr::new([127, 0, 0, 1].into(), address.port()),
        false => address,
    };
    let url = format!("http://{shown}/");
    if !address.ip().is_loopback() {
        tell!("warning: listening on {address}: other machines can reach this engine");
    }
    say!("Dama's board: {url}  (Ctrl-C to stop)");
    if args.open {
        open_browser(&url);
    }
    axum::serve(listener, http::router(config)).await.map_err(|e| format!("the server failed: {e}"))
}

/// Opens `url` in the default browser; a failure is a warning.
fn open_browser(url: &str) {
    let command = if cfg!(target_os = "macos") {
        ("open", vec![url])
    } else if cfg!(windows) {
        ("cmd", vec!["/C", "start", "", url])
    } else {
        ("xdg-open", vec![url])
    };
    let spawned = std::process::Command::new(command.0)
        .args(&command.1)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn();
    if let Err(e) = spawned {
        tell!("warning: cannot open a browser ({}: {e}); open {url} yourself", command.0);
    }
}
