//! A `dama serve` started for a test on a free loopback port, and a WebSocket client of its
//! board that reads the replies as JSON.

#![allow(dead_code)]

use futures_util::{SinkExt, StreamExt};
use serde_json::Value;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, Stdio};
use std::time::{Duration, Instant};
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::Message;

/// A running `dama serve`, killed when dropped.
pub struct Server {
    child: Child,
    /// `127.0.0.1:PORT`.
    pub address: String,
}

impl Server {
    pub fn start() -> Server {
        let mut child = crate::isolated::dama()
            .args(["serve", "--listen", "127.0.0.1:0", "--hash", "4", "--no-egdb"])
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("dama serve starts");
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
        let address = line
            .split("http://")
            .nth(1)
            .and_then(|rest| rest.split('/').next())
            .unwrap_or_else(|| panic!("no address in {line:?}"))
            .to_string();
        Server { child, address }
    }

    /// An HTTP GET with this Host (and Origin, if given): the status code and the body.
    pub fn get(&self, path: &str, host: &str, origin: Option<&str>) -> (u16, String) {
        let mut stream = std::net::TcpStream::connect(&self.address).unwrap();
        let origin = origin.map(|o| format!("Origin: {o}\r\n")).unwrap_or_default();
        write!(stream, "GET {path} HTTP/1.1\r\nHost: {host}\r\n{origin}Connection: close\r\n\r\n")
            .unwrap();
        let mut text = String::new();
        stream.read_to_string(&mut text).unwrap();
        let code = text.split_whitespace().nth(1).and_then(|c| c.parse().ok()).unwrap_or(0);
        let body = text.split("\r\n\r\n").nth(1).unwrap_or("").to_string();
        (code, body)
    }

    /// The number of searches running, from `/status`.
    pub fn searches(&self) -> u64 {
        let (_, body) = self.get("/status", &self.address, None);
        let status: Value = serde_json::from_str(&body).unwrap();
        status["searches"].as_u64().unwrap()
    }

    /// Whether no search runs within `limit`.
    pub fn searches_end_within(&self, limit: Duration) -> bool {
        let started = Instant::now();
        while started.elapsed() < limit {
            if self.searches() == 0 {
                return true;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        false
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// A tab's WebSocket.
pub struct Client {
    pub socket: Socket,
}

impl Client {
    /// Connects with the server's own Host and this Origin (none: no Origin header).
    pub async fn connect(server: &Server, origin: Option<&str>) -> Result<Client, String> {
        let mut request = format!("ws://{}/ws", server.address).into_client_request().unwrap();
        if let Some(origin) = origin {
            request.headers_mut().insert("Origin", origin.parse().unwrap());
        }
        let (socket, _) =
            tokio_tungstenite::connect_async(request).await.map_err(|e| e.to_string())?;
        let mut client = Client { socket };
        let hello = client.next().await.expect("hello");
        assert_eq!(hello["type"], "hello");
        Ok(client)
    }

    pub async fn send(&mut self, message: Value) {
        self.send_text(message.to_string()).await;
    }

    pub async fn send_text(&mut self, text: String) {
        let _ = self.socket.send(Message::Text(text.into())).await;
    }

    /// The next reply (none once the connection is closed or after 20 s).
    pub async fn next(&mut self) -> Option<Value> {
        loop {
            let message = tokio::time::timeout(Duration::from_secs(20), self.socket.next()).await;
            match message {
                Ok(Some(Ok(Message::Text(text)))) => return serde_json::from_str(&text).ok(),
                Ok(Some(Ok(Message::Close(_)))) | Ok(Some(Err(_))) | Ok(None) | Err(_) => {
                    return None
                }
                Ok(Some(Ok(_))) => {}
            }
        }
    }

    /// The next reply of this type (passing the others).
    pub async fn next_of(&mut self, kind: &str) -> Value {
        loop {
            let reply = self.next().await.unwrap_or_else(|| panic!("no {kind} reply"));
            if reply["type"] == kind {
                return reply;
            }
        }
    }

    /// Sets the board and returns the position's reply.
    pub async fn position(&mut self, variant: &str, fen: Option<&str>, moves: &[&str]) -> Value {
        self.send(
            serde_json::json!({"type": "position", "variant": variant, "fen": fen, "moves": moves}),
        )
        .await;
        self.next().await.expect("a reply to position")
    }
}

/// The full-path texts of a position reply's legal moves.
pub fn legal(position: &Value) -> Vec<String> {
    position["legal"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["text"].as_str().unwrap().to_string())
        .collect()
}
