//! `[HOST:]PORT` on the command line: where a DXP program listens, or is to listen.

use std::net::{SocketAddr, ToSocketAddrs};

/// `[HOST:]PORT` as socket addresses; the host defaults to 127.0.0.1.
pub fn parse_address(option: &str, text: &str) -> Result<Vec<SocketAddr>, String> {
    let bad = |why: String| {
        let excerpt = crate::hub_syntax::excerpt(text);
        format!("{option}: '{excerpt}' is not [HOST:]PORT: {why}")
    };
    if let Ok(port) = text.parse::<u16>() {
        return Ok(vec![SocketAddr::from(([127, 0, 0, 1], port))]);
    }
    if !text.contains(':') {
        return Err(bad("no port".into()));
    }
    let addresses: Vec<SocketAddr> =
        text.to_socket_addrs().map_err(|e| bad(e.to_string()))?.collect();
    if addresses.is_empty() {
        return Err(bad("the host has no address".into()));
    }
    Ok(addresses)
}
