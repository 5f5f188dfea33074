//! `dama egdb status`: what each game has in a table directory (the default one unless told):
//! the most pieces with every table there, the files and their size, what building on first use
//! would add, and whether a build is running there now.

use dama_egdb::first_use::FirstUse;
use dama_egdb::lock::is_locked;
use dama_egdb::{default_dir, first_use_pieces, game_dir, EgdbError, Slice, TableGame, Tablebase};
use std::path::PathBuf;

/// Arguments of `dama egdb status`.
#[derive(clap::Args, Debug)]
pub struct StatusArgs {
    /// The table directory (default: the default one, `$DAMA_EGDB_DIR`, else
    /// `$XDG_CACHE_HOME/dama/egdb`, else `~/.cache/dama/egdb`).
    #[arg(long, value_name = "DIR")]
    dir: Option<PathBuf>,
}

/// Runs `dama egdb status`: a line on the directory, then one per game:
/// `GAME<TAB>up to N pieces|none<TAB>F files, B bytes<TAB>first use: ...`.
pub fn run(args: &StatusArgs) -> Result<(), String> {
    let named = args.dir.is_some();
    let root = args.dir.clone().unwrap_or_else(default_dir);
    if named && !root.is_dir() {
        return Err(format!("no table directory {}", root.display()));
    }
    let setting = FirstUse::from_env();
    say!(
        "table directory {}{}; {}",
        root.display(),
        if named { "" } else { " (the default)" },
        if is_locked(&root) { "a build is running there now" } else { "no build is running there" }
    );
    for game in TableGame::ALL {
        say!("{}", game_line(&root, game, setting, named));
    }
    Ok(())
}

/// One game's line.
fn game_line(root: &std::path::Path, game: TableGame, setting: FirstUse, named: bool) -> String {
    let dir = game_dir(root, game);
    let complete = match Tablebase::open_game(root, game) {
        Ok(tables) => tables.max_pieces(),
        // Only another game's tables: none of this one's.
        Err(EgdbError::OtherGame { .. }) => 1,
        Err(e) => return format!("{}\terror: {e}", game.name()),
    };
    let files: Vec<PathBuf> = dama_egdb::place::table_files(&dir);
    let bytes: u64 = files.iter().filter_map(|f| f.metadata().ok()).map(|m| m.len()).sum();
    let have = if complete >= 2 { format!("up to {complete} pieces") } else { "none".into() };
    let target = first_use_pieces(game);
    let missing =
        Slice::build_order(target).iter().filter(|s| !dir.join(s.file_name()).exists()).count();
    let first_use = match (missing, setting.pieces(game)) {
        (0, _) => format!("first use 2-{target}: complete"),
        (_, _) if named => format!("first use 2-{target}: {missing} tables missing"),
        (_, None) => {
            format!("first use 2-{target}: {missing} tables missing (DAMA_EGDB_BUILD=off)")
        }
        (_, Some(n)) => format!(
            "first use 2-{target}: {missing} tables missing, built in the background up to {n} \
             pieces by the first game or analysis"
        ),
    };
    format!("{}\t{have}\t{} files, {bytes} bytes\t{first_use}", game.name(), files.len())
}
