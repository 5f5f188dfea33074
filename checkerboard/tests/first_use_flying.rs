//! The Russian library with no `dbpath` from CheckerBoard: the default table directory, whose
//! tables the first search asks to be built in the background (as every front end does), and
//! which later searches probe once they are there. A test binary of its own: it sets this
//! process's environment (a default directory of its own, 3 pieces at most).

use dama_egdb::first_use::complete_pieces;
use dama_engine::flying8::fen::parse_fen as parse_pdn_fen;
use dama_engine::flying8::Russian;
use dama_engine::tables::TableGame;
use damacb::board::{write_board, CbBoard, CB_WHITE, CB_WIN};
use damacb::engine::Engine;
use damacb::request::MoveRequest;
use std::time::{Duration, Instant};

#[test]
fn without_a_dbpath_the_russian_default_tables_are_built_and_then_probed() {
    let dir =
        std::env::temp_dir().join(format!("dama-cb-first-use-russian-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    // The only test of this process: nothing else reads the environment meanwhile.
    std::env::set_var("DAMA_EGDB_DIR", &dir);
    std::env::set_var("DAMA_EGDB_BUILD", "3");
    let mut engine = Engine::<Russian>::new();
    let request = MoveRequest { color: CB_WHITE, maxtime: 0.05, info: 2, moreinfo: 0 };
    // A king and a man against a man (PDN's numbers), won: the tables know it at the root.
    let mut board: CbBoard = [[0; 8]; 8];
    write_board::<Russian>(&mut board, &parse_pdn_fen("W:WK29,26:B13").unwrap());
    // The first search starts the build and goes on without waiting: no table answers it.
    let first = engine.get_move(&board, &request, &|| false, &mut |_| {}).unwrap();
    assert!(!first.status.contains("tb"), "{}", first.status);
    // The build runs at the lowest priority: on a loaded machine it waits for idle time.
    let deadline = Instant::now() + Duration::from_secs(240);
    while complete_pieces(&dir, TableGame::Russian) < 3 {
        assert!(Instant::now() < deadline, "the Russian 2-3 piece tables were not built");
        std::thread::sleep(Duration::from_millis(50));
    }
    // Now the next search opens them in the directory's `russian` place, and they answer.
    assert!(dir.join("russian").is_dir());
    let answer = engine.get_move(&board, &request, &|| false, &mut |_| {}).unwrap();
    assert_eq!(answer.verdict, CB_WIN, "{}", answer.status);
    assert!(answer.status.contains("tb win"), "{}", answer.status);
    assert!(engine.tables_text().contains("the default directory"), "{}", engine.tables_text());
    std::fs::remove_dir_all(&dir).unwrap();
}
