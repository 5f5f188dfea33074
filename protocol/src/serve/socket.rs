//! One browser tab's connection: requests in, replies out, and the tab's searches. One search at
//! a time: a new one (or a new position) stops the one running, and a search asked for while the
//! searcher is still on its way back waits for it. A closed tab stops its search.

use super::messages::{parse_request, GameRecord, Reply, Request, MAX_LINES};
use super::search::{Event, Job};
use super::tab::{new_tab, Tab};
use super::Config;
use crate::games::{dispatch, GameRules, WithGame};
use axum::extract::ws::{Message, WebSocket};
use dama_engine::pdn::{game_variant, read_pdn, split_games};
use dama_engine::rules::line_text;
use dama_engine::search::skill::MAX_SKILL;
use dama_engine::search::SearchControl;
use dama_engine::variant::Variant;
use futures_util::{SinkExt, StreamExt};
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::mpsc::{unbounded_channel, UnboundedSender};

/// Serves one connection until the tab closes it.
pub async fn connection(socket: WebSocket, config: Arc<Config>) {
    config.connections.fetch_add(1, Ordering::SeqCst);
    let (mut sink, mut stream) = socket.split();
    let (events, mut finished) = unbounded_channel::<Event>();
    let mut state = State::new(Arc::clone(&config), events);
    let hello = Reply::Hello {
        version: env!("CARGO_PKG_VERSION").to_string(),
        variants: Variant::ALL.iter().map(|v| v.name().to_string()).collect(),
        max_message: super::MAX_MESSAGE_BYTES,
    };
    let mut open = sink.send(Message::Text(hello.to_json().into())).await.is_ok();
    while open {
        let replies = tokio::select! {
            message = stream.next() => match message {
                Some(Ok(Message::Text(text))) => state.request(&text),
                Some(Ok(Message::Binary(_))) => vec![error("send text messages (JSON)")],
                Some(Ok(Message::Close(_))) | Some(Err(_)) | None => break,
                Some(Ok(_)) => Vec::new(),
            },
            Some(event) = finished.recv() => state.event(event),
        };
        for reply in replies {
            if sink.send(Message::Text(reply.to_json().into())).await.is_err() {
                open = false;
                break;
            }
        }
    }
    state.stop();
    config.connections.fetch_sub(1, Ordering::SeqCst);
}

fn error(message: impl Into<String>) -> Reply {
    Reply::Error { message: message.into() }
}

/// A search running: its number and its control.
struct Running {
    id: u64,
    control: Arc<SearchControl>,
}

/// The connection's state.
struct State {
    config: Arc<Config>,
    events: UnboundedSender<Event>,
    tab: Box<dyn Tab>,
    running: Option<Running>,
    /// A search asked for while another was ending.
    waiting: Option<Job>,
    next_id: u64,
}

impl State {
    fn new(config: Arc<Config>, events: UnboundedSender<Event>) -> State {
        let tab = new_tab(Variant::default(), Arc::clone(&config));
        State { config, events, tab, running: None, waiting: None, next_id: 1 }
    }

    /// Stops the search running, if any.
    fn stop(&mut self) {
        self.waiting = None;
        if let Some(running) = &self.running {
            running.control.stop();
        }
    }

    fn request(&mut self, text: &str) -> Vec<Reply> {
        let request = match parse_request(text) {
            Ok(request) => request,
            Err(message) => return vec![error(message)],
        };
        match request {
            Request::Position { variant, fen, moves } => {
                let Some(variant) = Variant::from_name(&variant) else {
                    return vec![error(format!("unknown game '{}'", excerpt(&variant)))];
                };
                self.stop();
                if variant != self.tab.variant() {
                    self.tab = new_tab(variant, Arc::clone(&self.config));
                }
                let fen = fen.as_deref().map(str::trim).filter(|f| !f.is_empty());
                match self.tab.set_game(fen, &moves) {
                    Ok(reply) => vec![reply],
                    Err(message) => vec![error(message)],
                }
            }
            Request::Analyze { lines } if (1..=MAX_LINES).contains(&lines) => {
                self.search(Job::Analyze { lines })
            }
            Request::Analyze { .. } => vec![error(format!("lines must be 1 to {MAX_LINES}"))],
            Request::Go { skill, movetime } => {
                let skill = skill.unwrap_or(MAX_SKILL);
                let seconds = movetime.unwrap_or(1.0);
                if !(1..=MAX_SKILL).contains(&skill) {
                    return vec![error("skill must be 1 to 20")];
                }
                if !(seconds.is_finite() && (0.01..=600.0).contains(&seconds)) {
                    return vec![error("movetime must be 0.01 to 600 seconds")];
                }
                let movetime = Duration::from_secs_f64(seconds);
                self.search(Job::Play { skill, movetime })
            }
            Request::Annotate { movetime } => {
                let seconds = movetime.unwrap_or(0.3);
                if !(seconds.is_finite() && (0.01..=60.0).contains(&seconds)) {
                    return vec![error("movetime must be 0.01 to 60 seconds")];
                }
                self.search(Job::Annotate { movetime: Duration::from_secs_f64(seconds) })
            }
            Request::Stop => {
                self.stop();
                Vec::new()
            }
            Request::Pdn { text, variant } => match Variant::from_name(&variant) {
                Some(variant) => vec![read_games(&text, variant)],
                None => vec![error(format!("unknown game '{}'", excerpt(&variant)))],
            },
            Request::Export { tags } => vec![Reply::Pdn { text: self.tab.export(&tags) }],
        }
    }

    /// Starts a search, or has it wait for the one ending.
    fn search(&mut self, job: Job) -> Vec<Reply> {
        if self.running.is_some() {
            self.stop();
            self.waiting = Some(job);
            return Vec::new();
        }
        let id = self.next_id;
        self.next_id += 1;
        let control = Arc::new(SearchControl::new());
        let mode = job.mode().to_string();
        match self.tab.start(job, id, Arc::clone(&control), self.events.clone()) {
            Ok(()) => {
                self.running = Some(Running { id, control });
                vec![Reply::Started { search: id, mode }]
            }
            Err(message) => vec![error(message)],
        }
    }

    fn event(&mut self, event: Event) -> Vec<Reply> {
        match event {
            Event::Reply(reply) => vec![reply],
            Event::Finished { id, reply, searcher } => {
                if let Some(searcher) = searcher {
                    self.tab.take_back(searcher);
                }
                if self.running.as_ref().is_some_and(|r| r.id == id) {
                    self.running = None;
                }
                let mut replies = vec![reply];
                if let Some(job) = self.waiting.take() {
                    replies.extend(self.search(job));
                }
                replies
            }
        }
    }
}

fn excerpt(text: &str) -> String {
    dama_engine::excerpt::Excerpt(text).to_string()
}

/// The games of a PDN text, each under its `GameType` (`variant` where it has none).
fn read_games(text: &str, variant: Variant) -> Reply {
    struct Read<'a>(&'a str, &'a mut Vec<GameRecord>);
    impl WithGame for Read<'_> {
        type Output = Result<(), String>;
        fn with<R: GameRules>(self) -> Result<(), String> {
            for game in read_pdn::<R>(self.0).map_err(|e| e.message)? {
                self.1.push(GameRecord {
                    variant: R::NAME.to_string(),
                    fen: R::to_fen(&game.start),
                    moves: line_text::<R>(&game.start, &game.moves, R::path_text),
                    result: game.result.clone(),
                    tags: game.tags,
                });
            }
            Ok(())
        }
    }
    let (mut games, mut errors) = (Vec::new(), Vec::new());
    let pieces = split_games(text);
    if pieces.is_empty() {
        errors.push("no game in this text".to_string());
    }
    for piece in pieces {
        let read = game_variant(piece)
            .and_then(|v| dispatch(v.unwrap_or(variant), Read(piece, &mut games)));
        if let Err(message) = read {
            errors.push(format!("game {}: {message}", games.len() + errors.len() + 1));
        }
    }
    Reply::Games { games, errors }
}
