//! The CheckerBoard library with no `dbpath` from CheckerBoard: the default table directory,
//! whose small tables the first search asks to be built in the background (as every front end
//! does), and which later searches probe once they are there. A test binary of its own: it sets
//! this process's environment (a default directory of its own, 4 pieces at most).

use dama_engine::board8::fen::parse_fen;
use dama_engine::english::English;
use damacb::board::{write_board, CbBoard, CB_WHITE, CB_WIN};
use damacb::engine::Engine;
use damacb::request::MoveRequest;
use std::time::{Duration, Instant};

fn board(fen: &str) -> CbBoard {
    let mut board = [[0; 8]; 8];
    write_board::<English>(&mut board, &parse_fen(fen).unwrap());
    board
}

#[test]
fn without_a_dbpath_the_default_tables_are_built_and_then_probed() {
    let dir = std::env::temp_dir().join(format!("dama-cb-first-use-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    // The only test of this process: nothing else reads the environment meanwhile.
    std::env::set_var("DAMA_EGDB_DIR", &dir);
    std::env::set_var("DAMA_EGDB_BUILD", "4");
    let mut engine = Engine::<English>::new();
    let request = MoveRequest { color: CB_WHITE, maxtime: 0.05, info: 2, moreinfo: 0 };
    // The First Position, White to move: won, but too long for a short search to see (the
    // tables know it). The first search starts the build and goes on without waiting.
    let position = board("W:WK19,K23:B12,K28");
    let first = engine.get_move(&position, &request, &|| false, &mut |_| {}).unwrap();
    assert_ne!(first.verdict, CB_WIN, "the search alone sees no win: {}", first.status);
    // The build runs at the lowest priority: on a loaded machine it waits for idle time.
    let deadline = Instant::now() + Duration::from_secs(240);
    while dama_egdb::place::table_files(&dir.join("english")).len() < 23 {
        assert!(Instant::now() < deadline, "the English 2-4 piece tables were not built");
        std::thread::sleep(Duration::from_millis(50));
    }
    // Now the next search opens them and they answer: a win the search reports as such.
    let answer = engine.get_move(&position, &request, &|| false, &mut |_| {}).unwrap();
    assert_eq!(answer.verdict, CB_WIN, "{}", answer.status);
    assert!(engine.tables_text().contains("the default directory"), "{}", engine.tables_text());
    std::fs::remove_dir_all(&dir).unwrap();
}
