//! The web server's routes: the page and its assets (embedded), `/status` (connections and
//! searches running, for tests and measurements) and `/ws`, the board's WebSocket; every request
//! first passes [`guard`].

use super::{socket, Config};
use axum::extract::{ws::WebSocketUpgrade, Request, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use std::sync::atomic::Ordering;
use std::sync::Arc;

const INDEX: &str = include_str!("../../web/index.html");
const SCRIPT: &str = include_str!("../../web/app.js");
const DRAWING: &str = include_str!("../../web/draw.js");
const STYLE: &str = include_str!("../../web/style.css");

/// The server's routes over the shared `config`.
pub fn router(config: Arc<Config>) -> Router {
    Router::new()
        .route("/", get(|| async { asset("text/html; charset=utf-8", INDEX) }))
        .route("/app.js", get(|| async { asset("text/javascript; charset=utf-8", SCRIPT) }))
        .route("/draw.js", get(|| async { asset("text/javascript; charset=utf-8", DRAWING) }))
        .route("/style.css", get(|| async { asset("text/css; charset=utf-8", STYLE) }))
        .route("/status", get(status))
        .route("/ws", get(upgrade))
        .layer(middleware::from_fn_with_state(Arc::clone(&config), guard))
        .with_state(config)
}

fn asset(kind: &'static str, body: &'static str) -> Response {
    ([(header::CONTENT_TYPE, kind), (header::CACHE_CONTROL, "no-cache")], body).into_response()
}

async fn status(State(config): State<Arc<Config>>) -> Response {
    let text = format!(
        "{{\"connections\":{},\"searches\":{}}}",
        config.connections.load(Ordering::SeqCst),
        config.searches.load(Ordering::SeqCst)
    );
    ([(header::CONTENT_TYPE, "application/json")], text).into_response()
}

async fn upgrade(State(config): State<Arc<Config>>, ws: WebSocketUpgrade) -> Response {
    ws.max_message_size(super::MAX_MESSAGE_BYTES)
        .max_frame_size(super::MAX_MESSAGE_BYTES)
        .on_upgrade(move |socket| socket::connection(socket, config))
}

/// Refuses a request whose `Host` is not this server (a name other than `localhost` may be a
/// DNS rebinding: a page of another site reaching this server under its own name), or whose
/// `Origin`, when sent, is not a page of this server.
async fn guard(State(config): State<Arc<Config>>, request: Request, next: Next) -> Response {
    match allowed(request.headers(), config.port) {
        Ok(()) => next.run(request).await,
        Err(why) => (StatusCode::FORBIDDEN, why).into_response(),
    }
}

/// Whether the headers name this server, on `port`.
pub fn allowed(headers: &HeaderMap, port: u16) -> Result<(), &'static str> {
    let host = headers.get(header::HOST).and_then(|h| h.to_str().ok()).ok_or("no Host")?;
    if !is_own_host(host, port) {
        return Err("this server answers to its own address only (Host)");
    }
    if let Some(origin) = headers.get(header::ORIGIN) {
        let origin = origin.to_str().map_err(|_| "bad Origin")?;
        let own = origin.strip_prefix("http://").is_some_and(|rest| is_own_host(rest, port));
        if !own {
            return Err("this server answers to its own pages only (Origin)");
        }
    }
    Ok(())
}

/// `localhost` or an IP address, with this port.
fn is_own_host(host: &str, port: u16) -> bool {
    let Some((name, given)) = host.rsplit_once(':') else {
        return false;
    };
    if given.parse::<u16>() != Ok(port) {
        return false;
    }
    let name = name.trim_start_matches('[').trim_end_matches(']');
    name.eq_ignore_ascii_case("localhost") || name.parse::<std::net::IpAddr>().is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn headers(host: &str, origin: Option<&str>) -> HeaderMap {
        let mut map = HeaderMap::new();
        map.insert(header::HOST, HeaderValue::from_str(host).unwrap());
        if let Some(origin) = origin {
            map.insert(header::ORIGIN, HeaderValue::from_str(origin).unwrap());
        }
        map
    }

    #[test]
    fn only_this_server_s_own_names_pass() {
        for host in ["127.0.0.1:8080", "localhost:8080", "[::1]:8080", "192.168.1.5:8080"] {
            assert_eq!(allowed(&headers(host, None), 8080), Ok(()), "{host}");
        }
        for host in ["evil.example:8080", "127.0.0.1:9090", "localhost", "127.0.0.1.nip.io:8080"] {
            assert!(allowed(&headers(host, None), 8080).is_err(), "{host}");
        }
        let own = headers("127.0.0.1:8080", Some("http://localhost:8080"));
        assert_eq!(allowed(&own, 8080), Ok(()));
        let other = headers("127.0.0.1:8080", Some("http://evil.example:8080"));
        assert!(allowed(&other, 8080).is_err());
        assert!(allowed(&HeaderMap::new(), 8080).is_err());
    }
}
