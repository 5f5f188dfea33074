//! The one search on the five games' rules: wins seen, legal best moves, move text read in
//! every notation, draws by each game's move count.

use dama_engine::english::English;
use dama_engine::flying8::{Brazilian, Russian};
use dama_engine::history::GameHistory;
use dama_engine::international::International;
use dama_engine::italian::Italian;
use dama_engine::learned::LearnedChoice;
use dama_engine::rules::Rules;
use dama_engine::score::{is_decisive, win_in};
use dama_engine::search::{SearchControl, SearchLimits, Searcher};

fn search<R: Rules>(fen: &str, depth: u32) -> (Option<String>, i32) {
    let position = R::parse_fen(fen).unwrap();
    let mut searcher = Searcher::<R>::new(4, 1).unwrap();
    let history = GameHistory::from_key(R::key(&position), R::QUIET_PLY_LIMIT);
    let result = searcher.search(
        &position,
        &history,
        &SearchLimits { infinite: false, ..SearchLimits::depth(depth) },
        &SearchControl::new(),
        |_| {},
    );
    if let Some(mv) = result.best_move {
        assert!(R::legal_moves(&position).contains(&mv), "{fen}: best move not legal");
    }
    (result.best_move.map(|m| R::path_text(&position, &m)), result.score)
}

#[test]
fn capturing_the_last_piece_is_seen_as_a_win() {
    // Two captures, each taking the last enemy piece (a single legal move is played without a
    // search). English: 22x15 or 23x14; International: 32x23 or 33x22; Italian, with its own
    // numbering: 21x14 or 22x13.
    let (best, score) = search::<English>("W:W22,23:B18", 4);
    assert!(matches!(best.as_deref(), Some("22x15" | "23x14")), "{best:?}");
    assert_eq!(score, win_in(1));
    let (best, score) = search::<International>("W:W32,33:B28", 4);
    assert!(matches!(best.as_deref(), Some("32x23" | "33x22")), "{best:?}");
    assert_eq!(score, win_in(1));
    let (best, score) = search::<Italian>("W:W21,22:B18", 4);
    assert!(matches!(best.as_deref(), Some("21x14" | "22x13")), "{best:?}");
    assert_eq!(score, win_in(1));
}

#[test]
fn russian_and_brazilian_kings_fly_to_the_win_and_a_russian_man_crowned_in_a_capture_goes_on() {
    // The king on a1 takes d4 from afar, landing anywhere beyond: the last piece, a win.
    for (best, score) in [search::<Russian>("W:WKa1:Bd4", 4), search::<Brazilian>("W:WKa1:Bd4", 4)]
    {
        assert!(matches!(best.as_deref(), Some("a1:e5" | "a1:f6" | "a1:g7" | "a1:h8")), "{best:?}");
        assert_eq!(score, win_in(1));
    }
    // b6 takes c7 and reaches d8: in Russian draughts it goes on as a king and takes f6 too
    // (both of Black's pieces: a win); a Brazilian man stops on d8, and Black has f6 left.
    let (best, score) = search::<Russian>("W:Wb6:Bc7,f6", 4);
    assert!(matches!(best.as_deref(), Some("b6:d8:g5" | "b6:d8:h4")), "{best:?}");
    assert_eq!(score, win_in(1));
    // (The only legal move is played without a search.)
    let (best, _) = search::<Brazilian>("W:Wb6:Bc7,f6", 4);
    assert_eq!(best.as_deref(), Some("b6:d8"));
}

#[test]
fn the_side_without_a_move_has_lost() {
    // English: Black's man on 1 is blocked by White's men on 5 and 6 (which Black cannot jump:
    // 10 and 9 behind them are taken).
    let position = English::parse_fen("B:W5,6,9,10:B1").unwrap();
    assert!(English::legal_moves(&position).is_empty());
    let (best, score) = search::<English>("B:W5,6,9,10:B1", 4);
    assert_eq!((best, score), (None, 0), "no move: no search, the caller declares the loss");
    // One ply before: White to move blocks Black in and wins.
    let (best, score) = search::<English>("W:W5,9,10,14:B1", 4);
    assert_eq!((best.as_deref(), score), (Some("9-6"), win_in(1)), "or another blocking move");
}

#[test]
fn international_material_counts_for_the_side_ahead() {
    // A flying king facing a lone man on its diagonal takes it, landing on 19, 14, 10 or 5 (the
    // last square of the diagonal): each wins at once.
    let (best, score) = search::<International>("W:WK46:B23", 6);
    assert!(matches!(best.as_deref(), Some("46x19" | "46x14" | "46x10" | "46x5")), "{best:?}");
    assert_eq!(score, win_in(1));
    // Three men against one: the side ahead is scored ahead.
    let (best, score) = search::<International>("W:W32,41,38:B23", 8);
    assert!(best.is_some());
    assert!(score > 0, "three men against one: {score}");
}

#[test]
fn move_text_is_read_in_every_notation() {
    let p = International::parse_fen("W:WK46:B41,32,12").unwrap_or_else(|e| panic!("{e}"));
    let moves = International::legal_moves(&p);
    assert!(!moves.is_empty());
    for mv in &moves {
        let path = International::path_text(&p, mv);
        let hub = International::hub_text(&p, mv);
        assert_eq!(International::parse_move(&p, &path), Ok(*mv), "{path}");
        assert_eq!(International::parse_move(&p, &hub), Ok(*mv), "{hub}");
    }
    assert!(International::parse_move(&p, "46-47").is_err());
    assert!(International::parse_move(&p, "fish").is_err());
    let e = English::parse_fen("B:W21-32:B1-12").unwrap();
    assert!(English::parse_move(&e, "11-15").is_ok());
    assert!(English::parse_move(&e, "11-14").is_err());
}

#[test]
fn each_game_has_its_move_count() {
    assert_eq!(Italian::QUIET_PLY_LIMIT, 80);
    assert_eq!(English::QUIET_PLY_LIMIT, 80);
    assert_eq!(International::QUIET_PLY_LIMIT, 50);
    // Kings only, a count at the limit: the search scores every move as a draw.
    let position = International::parse_fen("W:WK46,K5:BK15").unwrap();
    let mut history = GameHistory::from_key(International::key(&position), 50);
    for _ in 0..50 {
        history.push_key(International::key(&position), false);
    }
    assert!(history.is_draw());
    let mut searcher = Searcher::<International>::new(4, 1).unwrap();
    let result = searcher.search(
        &position,
        &history,
        &SearchLimits::depth(4),
        &SearchControl::new(),
        |_| {},
    );
    assert!(!is_decisive(result.score));
}

/// The score of an International search of `position` reached through `history`.
fn international_score(
    position: &<International as Rules>::Position,
    history: &GameHistory,
    depth: u32,
) -> i32 {
    // The hand-set evaluation scores the lone-king endings a line may reach (a king given away)
    // as exactly even, so the count's draw is the only score these tests can see; the learned
    // one gives them small non-zero values.
    let mut searcher = Searcher::<International>::new(4, 1).unwrap();
    searcher.set_eval(LearnedChoice { learned: None });
    let limits = SearchLimits { infinite: false, ..SearchLimits::depth(depth) };
    searcher.search(position, history, &limits, &SearchControl::new(), |_| {}).score
}

#[test]
fn the_search_sees_the_fmjd_counts() {
    // Two kings against one: the FMJD 5-move count (10 plies) draws it. Within the horizon every
    // line reaches the count, so the search scores a draw; a shallower search still sees two
    // kings against one (a king up, which the evaluation scales to an eighth against a king:
    // above zero, not the count's draw).
    let start = International::parse_fen("W:WK1,K2:BK28").unwrap();
    let fresh = GameHistory::new::<International>(&start);
    assert_eq!(fresh.endgame_count().map(|c| (c.plies, c.limit)), Some((0, 10)));
    assert!(international_score(&start, &fresh, 4) > 0);
    assert_eq!(international_score(&start, &fresh, 11), 0);

    // The count the game's history has run reaches the search: after eight quiet king moves two
    // plies are left, so a 4-ply search scores a draw where a fresh count still sees the kings.
    let mut position = start;
    let mut history = GameHistory::new::<International>(&start);
    for _ in 0..8 {
        // A quiet move after which the other side has no capture either.
        let moves = International::legal_moves(&position);
        assert!(!International::is_capture(&moves[0]), "no capture is forced here");
        let quiet = |m: &&<International as Rules>::Move| {
            let next = International::play(&position, m);
            !International::legal_moves(&next).first().is_some_and(International::is_capture)
        };
        let mv = *moves.iter().find(quiet).expect("a quiet move");
        let next = International::play(&position, &mv);
        history.push_move::<International>(&position, &mv, &next);
        position = next;
    }
    assert_eq!(history.endgame_count().map(|c| c.plies), Some(8));
    assert_eq!(international_score(&position, &history, 4), 0);
    let restarted = GameHistory::new::<International>(&position);
    assert!(international_score(&position, &restarted, 4) > 0);
}
