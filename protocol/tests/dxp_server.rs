//! `dama dxp` giving up a connection says why in its exchange log too, not only on stderr.

mod dxp_support;

use dxp_support::{Dxp, Peer};
use std::net::TcpListener;
use std::path::PathBuf;
use std::time::Duration;

fn temp_file(name: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("dama-dxp-server-{}-{name}", std::process::id()));
    let _ = std::fs::remove_file(&path);
    path
}

#[test]
fn the_initiator_logs_why_it_gives_up() {
    // The follower never answers the game request.
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let address = listener.local_addr().unwrap().to_string();
    let log = temp_file("initiator.log");
    let args = ["--connect", &address, "--timeout", "1", "--log-file", log.to_str().unwrap()];
    let client = Dxp::start(&args);
    let mut peer = Peer::accept(&listener);
    assert!(peer.receive().unwrap().starts_with("R01"));
    let (status, _, stderr) = client.finish(Duration::from_secs(30));
    assert_eq!(status.code(), Some(1), "{stderr}");
    let reason = format!("no answer to the game request from {address} within 1 s");
    assert!(stderr.contains(&format!("error: {reason}")), "{stderr}");
    let text = std::fs::read_to_string(&log).unwrap();
    assert!(text.lines().any(|l| l.ends_with(&format!(" # {reason}"))), "{text}");

    // Nobody listening: the failure to connect is logged too.
    drop((peer, listener));
    let (status, _, stderr) = Dxp::start(&args).finish(Duration::from_secs(30));
    assert_eq!(status.code(), Some(1), "{stderr}");
    let text = std::fs::read_to_string(&log).unwrap();
    assert!(text.contains(&format!(" # cannot connect to {address}")), "{text}");
    let _ = std::fs::remove_file(&log);
}
