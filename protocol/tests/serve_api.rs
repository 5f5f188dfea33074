//! `dama serve`'s WebSocket API and HTTP guard: every message, every refusal (bad JSON, an
//! unknown message, an illegal move, a broken FEN or PDN, an oversized message, a foreign Host
//! or Origin), searches in all five games, and a tab closed mid-search stopping its search.

mod isolated;
mod serve_support;

use serde_json::json;
use serve_support::{legal, Client, Server};
use std::time::Duration;

#[tokio::test]
async fn each_game_has_its_board_and_its_legal_moves() {
    let server = Server::start();
    let mut tab = Client::connect(&server, None).await.unwrap();
    let italian = tab.position("italian", None, &[]).await;
    assert_eq!((italian["side"].as_str(), legal(&italian).len()), (Some("white"), 7));
    assert_eq!(italian["board"].as_str().unwrap().len(), 33);
    let english = tab.position("english", None, &[]).await;
    assert_eq!(english["side"], "black", "Black moves first in English draughts");
    assert!(legal(&english).contains(&"11-15".to_string()));
    let moved = tab.position("english", None, &["11-15"]).await;
    let board: Vec<char> = moved["board"].as_str().unwrap().chars().collect();
    assert_eq!((board[0], board[11], board[15], board[22]), ('W', 'e', 'b', 'w'), "{moved}");
    let international = tab.position("international", None, &["32-28", "19-23"]).await;
    assert_eq!(international["board"].as_str().unwrap().len(), 51);
    assert_eq!(legal(&international), ["28x19"], "{international}");
    assert_eq!(international["must_capture"], true);
    let taken = tab.position("international", None, &["32-28", "19-23", "28x19"]).await;
    assert_eq!(taken["last"]["captured"], json!([23]));
    assert_eq!(taken["last"]["path"], json!([28, 19]));
    let over = tab.position("italian", Some("W:W29:B22,25,26"), &[]).await;
    assert_eq!((over["result"].as_str(), legal(&over).len()), (Some("0-1"), 0));
}

#[tokio::test]
async fn bad_requests_get_a_clear_message_and_the_connection_goes_on() {
    let server = Server::start();
    let mut tab = Client::connect(&server, None).await.unwrap();
    let cases = [
        ("{not json", "bad request"),
        (r#"{"type":"fly"}"#, "fly"),
        (r#"{"type":"position","variant":"turkish"}"#, "unknown game"),
        (r#"{"type":"position","variant":"russian","moves":["c3-e5"]}"#, "move 1 is refused"),
        (r#"{"type":"position","variant":"brazilian","fen":"W:Wb1:B20"}"#, "light square"),
        (r#"{"type":"position","variant":"italian","moves":["22-17"]}"#, "move 1 is refused"),
        (r#"{"type":"position","variant":"english","moves":["22-18"]}"#, "move 1 is refused"),
        (r#"{"type":"position","variant":"italian","fen":"W:W99:B1"}"#, "bad FEN"),
        (r#"{"type":"analyze","lines":9}"#, "lines must be 1 to 5"),
        (r#"{"type":"go","skill":0}"#, "skill must be 1 to 20"),
        (r#"{"type":"go","movetime":-1}"#, "movetime"),
    ];
    for (text, expected) in cases {
        tab.send_text(text.to_string()).await;
        let reply = tab.next().await.unwrap();
        assert_eq!(reply["type"], "error", "{text}: {reply}");
        assert!(reply["message"].as_str().unwrap().contains(expected), "{text}: {reply}");
    }
    // The board kept its last good position.
    let position = tab.position("italian", None, &["22-18"]).await;
    assert_eq!(position["plies"], 1);
    // A game over has nothing to search.
    tab.position("italian", Some("W:W29:B22,25,26"), &[]).await;
    tab.send(json!({"type": "go"})).await;
    assert!(tab.next_of("error").await["message"].as_str().unwrap().contains("game is over"));
}

#[tokio::test]
async fn pdn_is_read_in_every_game_and_broken_pdn_is_named() {
    let server = Server::start();
    let mut tab = Client::connect(&server, None).await.unwrap();
    let text = "[White \"a\"]\n[GameType \"20\"]\n1. 32-28 19-23 2. 28x19 14x23 *\n\n\
                [White \"b\"]\n1. 22-18 11-14 2. 18x11 7x14 *\n\n\
                [White \"c\"]\n[GameType \"21\"]\n1. 11-15 22-17 *\n";
    tab.send(json!({"type": "pdn", "text": text, "variant": "italian"})).await;
    let games = tab.next_of("games").await;
    let variants: Vec<_> =
        games["games"].as_array().unwrap().iter().map(|g| g["variant"].clone()).collect();
    assert_eq!(variants, [json!("international"), json!("italian"), json!("english")]);
    assert_eq!(games["games"][0]["moves"][2], "28x19");
    assert_eq!(games["errors"], json!([]));
    let broken = "[GameType \"22\"]\n1. 22-18 11-15 2. 22-17 *\n\n[Event \"x\"\n1. 22-18 *";
    tab.send(json!({"type": "pdn", "text": broken, "variant": "italian"})).await;
    let games = tab.next_of("games").await;
    let errors = games["errors"].as_array().unwrap();
    assert_eq!(errors.len(), 2, "{games}");
    assert!(errors[0].as_str().unwrap().contains("game 1: move 3"), "{games}");
    tab.send(json!({"type": "pdn", "text": "   ", "variant": "italian"})).await;
    assert_eq!(tab.next_of("games").await["errors"], json!(["no game in this text"]));
    // The board's game out as PDN.
    tab.position("english", None, &["11-15", "23-19"]).await;
    tab.send(json!({"type": "export", "tags": [["Event", "test"]]})).await;
    let pdn = tab.next_of("pdn").await["text"].as_str().unwrap().to_string();
    assert!(pdn.contains("[Event \"test\"]") && pdn.contains("[GameType \"21\"]"), "{pdn}");
    assert!(pdn.contains("1. 11-15 23-19 *"), "{pdn}");
}

#[tokio::test]
async fn analysis_shows_several_lines_and_stops() {
    let server = Server::start();
    let mut tab = Client::connect(&server, None).await.unwrap();
    for variant in ["italian", "english", "international", "russian", "brazilian"] {
        let position = tab.position(variant, None, &[]).await;
        let moves = legal(&position);
        tab.send(json!({"type": "analyze", "lines": 2})).await;
        let started = tab.next_of("started").await;
        let id = started["search"].clone();
        let mut seen = [false, false];
        while !(seen[0] && seen[1]) {
            let info = tab.next_of("info").await;
            assert_eq!(info["search"], id);
            let line = info["line"].as_u64().unwrap() as usize;
            seen[line - 1] = true;
            assert!(moves.contains(&info["pv"][0].as_str().unwrap().to_string()), "{info}");
            assert!(info["depth"].as_u64().unwrap() >= 1 && info["nodes"].as_u64().is_some());
        }
        tab.send(json!({"type": "stop"})).await;
        let done = tab.next_of("done").await;
        assert_eq!(done["search"], id);
    }
    assert!(server.searches_end_within(Duration::from_secs(2)));
}

#[tokio::test]
async fn dama_plays_a_legal_move_at_a_skill_level() {
    let server = Server::start();
    let mut tab = Client::connect(&server, None).await.unwrap();
    // Russian and Brazilian moves are written algebraically (`c3-d4`), on the page as in `done`.
    let games =
        [("italian", 3), ("english", 20), ("international", 10), ("russian", 20), ("brazilian", 5)];
    for (variant, skill) in games {
        let position = tab.position(variant, None, &[]).await;
        tab.send(json!({"type": "go", "skill": skill, "movetime": 0.2})).await;
        let done = tab.next_of("done").await;
        let best = done["best"].as_str().unwrap().to_string();
        assert!(legal(&position).contains(&best), "{variant}: {done}");
    }
}

#[tokio::test]
async fn a_game_is_annotated() {
    let server = Server::start();
    let mut tab = Client::connect(&server, None).await.unwrap();
    tab.position("italian", Some("W:W23,24:B15"), &["23-19", "15x22"]).await;
    tab.send(json!({"type": "annotate", "movetime": 0.05})).await;
    let annotation = tab.next_of("annotation").await;
    assert_eq!(annotation["moves"].as_array().unwrap().len(), 2);
    assert_eq!(annotation["moves"][0]["mark"], "??", "{annotation}");
    assert_eq!(annotation["moves"][0]["better"][0], "23-20");
    assert!(annotation["pdn"].as_str().unwrap().contains("1. 23-19??"));
}

#[tokio::test]
async fn an_oversized_message_closes_the_connection_and_the_server_goes_on() {
    let server = Server::start();
    let mut tab = Client::connect(&server, None).await.unwrap();
    let huge = format!(r#"{{"type":"pdn","variant":"italian","text":"{}"}}"#, "x".repeat(2 << 20));
    tab.send_text(huge).await;
    assert!(tab.next().await.is_none(), "the connection is closed");
    let mut other = Client::connect(&server, None).await.unwrap();
    assert_eq!(legal(&other.position("italian", None, &[]).await).len(), 7);
}

#[tokio::test]
async fn a_foreign_host_or_origin_is_refused() {
    let server = Server::start();
    let own = server.address.clone();
    assert_eq!(server.get("/", &own, None).0, 200);
    for script in ["/app.js", "/draw.js"] {
        assert_eq!(server.get(script, &own, None).0, 200, "{script}");
    }
    let port = own.rsplit(':').next().unwrap();
    assert_eq!(server.get("/", &format!("localhost:{port}"), None).0, 200);
    assert_eq!(server.get("/", &format!("evil.example:{port}"), None).0, 403);
    assert_eq!(server.get("/app.js", &format!("rebind.example:{port}"), None).0, 403);
    assert_eq!(server.get("/", &own, Some("http://evil.example")).0, 403);
    assert!(Client::connect(&server, Some("http://evil.example")).await.is_err());
    let origin = format!("http://{own}");
    assert!(Client::connect(&server, Some(&origin)).await.is_ok());
}

#[tokio::test]
async fn a_closed_tab_stops_its_search() {
    let server = Server::start();
    let mut tab = Client::connect(&server, None).await.unwrap();
    tab.position("international", None, &[]).await;
    tab.send(json!({"type": "analyze", "lines": 3})).await;
    tab.next_of("info").await;
    assert_eq!(server.searches(), 1);
    drop(tab);
    assert!(server.searches_end_within(Duration::from_secs(3)), "the search ended");
    // A new position stops a running analysis too, and a new one starts after it.
    let mut tab = Client::connect(&server, None).await.unwrap();
    tab.position("italian", None, &[]).await;
    tab.send(json!({"type": "analyze", "lines": 1})).await;
    let first = tab.next_of("started").await["search"].as_u64().unwrap();
    tab.send(json!({"type": "analyze", "lines": 2})).await;
    let second = tab.next_of("started").await["search"].as_u64().unwrap();
    assert!(second > first);
    assert_eq!(server.searches(), 1);
}
