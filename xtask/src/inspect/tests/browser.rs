//! The inspector in a real browser: headless Chromium driven over WebDriver (`chromedriver`)
//! against the server on a free local port. It opens the table list, selects the synthetic
//! humanoid, resolves Ready → RunForward, checks what the page shows against the table, scrubs
//! the playback, provokes an error, runs a scenario, and keeps screenshots under
//! `target/inspector/`.
//!
//! Under CI (`CI=true`) a missing browser fails the test (`.ci/run` installs Debian's
//! `chromium` and `chromium-driver`); elsewhere the test prints why it skips.

use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::json;

use super::{HUMANOID, catalog, ready_to_run_anims};

const WAIT: Duration = Duration::from_secs(30);

/// The first of `candidates` that exists (an absolute path, or a name on `PATH`).
fn find_program(env: &str, candidates: &[&str]) -> Option<PathBuf> {
    if let Some(p) = std::env::var_os(env) {
        return Some(PathBuf::from(p));
    }
    let path = std::env::var_os("PATH").unwrap_or_default();
    candidates.iter().find_map(|c| {
        let c = Path::new(c);
        if c.is_absolute() {
            return c.is_file().then(|| c.to_path_buf());
        }
        std::env::split_paths(&path)
            .map(|d| d.join(c))
            .find(|p| p.is_file())
    })
}

/// `target/inspector/` (or `$CARGO_TARGET_DIR/inspector/`).
fn screenshot_dir() -> PathBuf {
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../target"));
    target.join("inspector")
}

fn free_port() -> u16 {
    TcpListener::bind(("127.0.0.1", 0))
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free local port")
}

/// chromedriver, ended when dropped.
struct Driver {
    child: Child,
    port: u16,
}

impl Driver {
    fn start(program: &Path) -> Self {
        let port = free_port();
        let child = Command::new(program)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts");
        let started = Instant::now();
        while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(
                started.elapsed() < WAIT,
                "chromedriver does not listen on {port}"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
        Self { child, port }
    }
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

async fn text(c: &Client, css: &str) -> String {
    c.wait()
        .at_most(WAIT)
        .for_element(Locator::Css(css))
        .await
        .unwrap_or_else(|e| panic!("{css}: {e}"))
        .text()
        .await
        .unwrap_or_else(|e| panic!("{css}: {e}"))
}

async fn click(c: &Client, css: &str) {
    c.wait()
        .at_most(WAIT)
        .for_element(Locator::Css(css))
        .await
        .unwrap_or_else(|e| panic!("{css}: {e}"))
        .click()
        .await
        .unwrap_or_else(|e| panic!("click {css}: {e}"));
}

async fn fill(c: &Client, css: &str, value: &str) {
    let e = c
        .find(Locator::Css(css))
        .await
        .unwrap_or_else(|e| panic!("{css}: {e}"));
    e.clear().await.expect("clear");
    e.send_keys(value).await.expect("type");
}

/// The texts of every element `css` matches, in document order.
async fn texts(c: &Client, css: &str) -> Result<Vec<String>, String> {
    let mut out = Vec::new();
    for e in c
        .find_all(Locator::Css(css))
        .await
        .map_err(|e| e.to_string())?
    {
        out.push(e.text().await.map_err(|e| e.to_string())?);
    }
    Ok(out)
}

/// Waits until `probe` (a JavaScript expression) is truthy.
async fn until(c: &Client, what: &str, probe: &str) {
    let started = Instant::now();
    loop {
        let v = c
            .execute(&format!("return !!({probe});"), vec![])
            .await
            .unwrap_or_else(|e| panic!("{what}: {e}"));
        if v == json!(true) {
            return;
        }
        assert!(started.elapsed() < WAIT, "timed out waiting for {what}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

async fn screenshot(c: &Client, name: &str) -> PathBuf {
    let dir = screenshot_dir();
    std::fs::create_dir_all(&dir).expect("target/inspector");
    let png = c.screenshot().await.expect("screenshot");
    assert!(png.starts_with(b"\x89PNG"), "a PNG");
    let path = dir.join(name);
    std::fs::write(&path, png).expect("write the screenshot");
    path
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_page_resolves_ready_to_run_in_chromium() {
    let ci = std::env::var("CI").is_ok_and(|v| v == "true" || v == "1");
    let chromium = find_program(
        "CHROME",
        &["/usr/bin/chromium", "chromium", "chromium-browser"],
    );
    let chromedriver = find_program("CHROMEDRIVER", &["/usr/bin/chromedriver", "chromedriver"]);
    let (Some(chromium), Some(chromedriver)) = (chromium, chromedriver) else {
        assert!(
            !ci,
            "CI=true but chromium or chromedriver is missing (apt-get install chromium chromium-driver)"
        );
        eprintln!(
            "skipped: no chromium/chromedriver here (apt-get install chromium chromium-driver, or set CHROME and CHROMEDRIVER)"
        );
        return;
    };

    // The server, on a free port of 127.0.0.1.
    let listener = super::super::bind(0).await.expect("bind");
    let base = format!("http://{}", listener.local_addr().expect("addr"));
    let server = tokio::spawn(super::super::serve(listener, catalog()));

    let driver = Driver::start(&chromedriver);
    let profile = std::env::temp_dir().join(format!("acmotion-inspector-{}", std::process::id()));
    let args = [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-dev-shm-usage",
        "--window-size=1400,1300",
    ]
    .iter()
    .map(|s| s.to_string())
    .chain([format!("--user-data-dir={}", profile.display())])
    .collect::<Vec<_>>();
    let mut caps = serde_json::Map::new();
    caps.insert(
        "goog:chromeOptions".into(),
        json!({ "binary": chromium, "args": args }),
    );
    let connector = hyper_util::client::legacy::connect::HttpConnector::new();
    let c = ClientBuilder::new(connector)
        .capabilities(caps)
        .connect(&format!("http://127.0.0.1:{}", driver.port))
        .await
        .expect("a WebDriver session");
    // Driven on a task of its own so that a failed assertion still closes the browser first.
    let outcome = tokio::spawn(drive(c.clone(), base)).await;
    let _ = c.close().await;
    drop(driver);
    server.abort();
    let _ = std::fs::remove_dir_all(&profile);
    match outcome {
        Ok(result) => result.expect("the page works"),
        Err(e) if e.is_panic() => std::panic::resume_unwind(e.into_panic()),
        Err(e) => panic!("the browser session was cancelled: {e}"),
    }
}

/// The user's path through the page.
async fn drive(client: Client, base: String) -> Result<(), String> {
    let c = &client;
    let started = Instant::now();
    c.goto(&format!("{base}/"))
        .await
        .map_err(|e| e.to_string())?;

    // The table list, then the synthetic humanoid.
    until(
        c,
        "the table list",
        "document.querySelectorAll('#table-list tbody tr').length > 400",
    )
    .await;
    let count = text(c, "#table-count").await;
    assert!(count.contains("436"), "{count}");
    let load = started.elapsed();
    click(
        c,
        &format!("#table-list tbody tr[data-id='0x{HUMANOID:08X}']"),
    )
    .await;
    until(
        c,
        "the graph",
        "document.querySelector('#graph g.node.default[data-motion=\"Ready\"]')",
    )
    .await;
    let title = text(c, "#table-title").await;
    assert!(
        title.contains("0x09000001") && title.contains("NonCombat"),
        "{title}"
    );
    let nodes = c
        .find_all(Locator::Css("#graph g.node"))
        .await
        .map_err(|e| e.to_string())?;
    assert!(nodes.len() > 20, "{} motions drawn", nodes.len());
    let graph_png = screenshot(c, "table-graph.png").await;
    // The whole graph, scaled to fit: no two motions' boxes overlap.
    click(c, "#graph-fit").await;
    let overlaps = c
        .execute(
            "const r = [...document.querySelectorAll('#graph g.node rect')].map((e) => e.getBoundingClientRect());
             let n = 0;
             for (let i = 0; i < r.length; i++) for (let j = i + 1; j < r.length; j++)
               if (r[i].left < r[j].right && r[j].left < r[i].right && r[i].top < r[j].bottom && r[j].top < r[i].bottom) n++;
             return n;",
            vec![],
        )
        .await
        .map_err(|e| e.to_string())?;
    assert_eq!(overlaps, json!(0), "overlapping motions in the graph");
    let graph_fit_png = screenshot(c, "table-graph-fit.png").await;

    // Resolve Ready → RunForward.
    click(c, "#tab-button-resolve").await;
    fill(c, "#r-from", "Ready").await;
    fill(c, "#r-command", "RunForward").await;
    let asked = Instant::now();
    click(c, "#r-go").await;
    until(
        c,
        "the queued animations",
        "document.querySelectorAll('#queued tbody td.anim').length >= 2",
    )
    .await;
    let answered = asked.elapsed();
    let summary = text(c, "#resolve-summary").await;
    assert!(
        summary.contains("NonCombat/Ready → RunForward") && summary.contains("accepted"),
        "{summary}"
    );
    let expected = ready_to_run_anims();
    let shown = texts(c, "#queued tbody td.anim").await?;
    assert_eq!(shown, expected, "queued animation ids on the page");
    // The explanation: the branch, the link lookup marked as a hit, and the animations queued
    // under their queue lines, the same ids as the list.
    let branch = text(c, "#explanation li.branch").await;
    assert!(branch.contains("SubState branch"), "{branch}");
    let link = text(c, "#explanation li.hit[data-event='link']").await;
    assert!(
        link.contains("Links[NonCombat/Ready][RunForward]") && link.contains("found"),
        "{link}"
    );
    // "anim 0x03000078 frames 0..=last at 30 fps": the id is the second word.
    let explained: Vec<String> = texts(c, "#explanation li[data-event='anim']")
        .await?
        .iter()
        .map(|line| {
            line.split_whitespace()
                .nth(1)
                .unwrap_or_default()
                .to_owned()
        })
        .collect();
    assert_eq!(explained, expected, "animations in the explanation");
    let refusal_free = c
        .find_all(Locator::Css("#explanation li.refused"))
        .await
        .map_err(|e| e.to_string())?;
    assert!(
        refusal_free.is_empty(),
        "an accepted command shows no refusal"
    );

    // Scrub the playback to the middle: the clock and the cursor follow.
    c.execute(
        "const s = document.querySelector('#resolve-player .scrub'); s.value = 500; s.dispatchEvent(new Event('input'));",
        vec![],
    )
    .await
    .map_err(|e| e.to_string())?;
    let clock = text(c, "#resolve-player .clock").await;
    assert!(clock.starts_with("t = 1.5"), "{clock}");
    assert!(clock.contains("RunForward"), "{clock}");
    let cursor = c
        .execute(
            "return document.querySelector('#resolve-player line.cursor').getAttribute('x1');",
            vec![],
        )
        .await
        .map_err(|e| e.to_string())?;
    assert!(
        cursor
            .as_str()
            .and_then(|x| x.parse::<f64>().ok())
            .is_some_and(|x| x > 500.0),
        "{cursor}"
    );
    let resolve_png = screenshot(c, "resolve.png").await;
    c.execute(
        "document.querySelector('#resolve-player').scrollIntoView();",
        vec![],
    )
    .await
    .map_err(|e| e.to_string())?;
    let playback_png = screenshot(c, "playback.png").await;

    // A misspelt command: a readable message on the page.
    fill(c, "#r-command", "RunFoward").await;
    click(c, "#r-go").await;
    until(
        c,
        "the error message",
        "!document.querySelector('#resolve-error').hidden",
    )
    .await;
    let error = text(c, "#resolve-error").await;
    assert!(
        error.contains("did you mean `RunForward`") && error.contains("400"),
        "{error}"
    );

    // A scenario: the built-in walk, run and drawn.
    click(c, "#tab-button-scenario").await;
    click(c, "#scenario-example").await;
    until(
        c,
        "the example",
        "document.querySelector('#scenario-text').value.includes('seq_append')",
    )
    .await;
    click(c, "#scenario-run").await;
    until(
        c,
        "the scenario's timeline",
        "document.querySelector('#scenario-player svg')",
    )
    .await;
    let trace = c
        .execute(
            "return document.querySelector('#scenario-trace').textContent;",
            vec![],
        )
        .await
        .map_err(|e| e.to_string())?;
    assert!(
        trace.as_str().unwrap_or("").starts_with("step 1:"),
        "{trace}"
    );
    let scenario_png = screenshot(c, "scenario.png").await;

    eprintln!(
        "page and table list loaded in {load:?}; Ready → RunForward answered and drawn in {answered:?}; screenshots: {}, {}, {}, {}, {}",
        graph_png.display(),
        graph_fit_png.display(),
        resolve_png.display(),
        playback_png.display(),
        scenario_png.display()
    );
    Ok(())
}
