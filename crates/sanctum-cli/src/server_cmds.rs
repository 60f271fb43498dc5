//! `sanctum serve` and `sanctum admin`: the game server and its administration.

use std::net::SocketAddr;

use anyhow::Context as _;
use clap::{Args, Subcommand};

/// The database when none is named.
pub const DEFAULT_DATABASE: &str = "sqlite:sanctum.db";

#[derive(Args, Debug)]
pub struct ServeArgs {
    /// Address to listen on (port 0: any free port, printed at start).
    #[arg(long, default_value = "127.0.0.1:8080")]
    addr: SocketAddr,
    /// The database: sqlite:PATH (created and migrated on first start) or postgres://…
    #[arg(long, default_value = DEFAULT_DATABASE)]
    database: String,
}

#[derive(Subcommand, Debug)]
pub enum AdminCommand {
    /// Send a player to the Volgaria room (only Volgaria, only unranked games).
    Banish {
        name: String,
        #[arg(long, default_value = DEFAULT_DATABASE)]
        database: String,
    },
    /// Let a banished player back into the main lobby.
    Pardon {
        name: String,
        #[arg(long, default_value = DEFAULT_DATABASE)]
        database: String,
    },
}

#[derive(Args, Debug)]
pub struct LoadtestArgs {
    /// The server to load, e.g. http://127.0.0.1:8080.
    #[arg(long)]
    url: String,
    /// Games played at once (each: two guests, two WebSockets).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    games: u32,
    /// Turns each game plays before one side concedes.
    #[arg(long, default_value = "10", value_parser = clap::value_parser!(u32).range(1..=100))]
    turns: u32,
    /// Seed of the clients' random orders (game i uses seed + i).
    #[arg(long, default_value = "1")]
    seed: u64,
    /// Mean time each player thinks before giving orders, in milliseconds (each
    /// pause is drawn from 0 to twice this). 0: every game asks for its next turn at
    /// once, which saturates the machine and measures throughput.
    #[arg(long, default_value = "5000", value_parser = clap::value_parser!(u64).range(0..=600_000))]
    think_ms: u64,
    /// Print the report as JSON.
    #[arg(long)]
    json: bool,
}

fn runtime() -> anyhow::Result<tokio::runtime::Runtime> {
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("starting the async runtime")
}

/// Ctrl-C or SIGTERM.
async fn stop_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {}
        () = term => {}
    }
}

/// Opens the database a `--database` value names; a URL of a kind the server does not
/// know is a usage error (exit code 2) with the store's own message naming it.
async fn open_store(url: &str) -> anyhow::Result<std::sync::Arc<dyn sanctum_server::Store>> {
    match sanctum_server::open(url).await {
        Ok(store) => Ok(store),
        Err(e @ sanctum_server::StoreError::Url(_)) => {
            Err(crate::resolve::BadInput(format!("--database: {e}")).into())
        }
        Err(e) => Err(anyhow::Error::new(e).context(format!("opening the database '{url}'"))),
    }
}

/// Runs the server until Ctrl-C or SIGTERM.
pub fn serve(args: &ServeArgs) -> anyhow::Result<String> {
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_env("SANCTUM_LOG")
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info")),
        )
        .with_writer(std::io::stderr)
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .init();
    runtime()?.block_on(async {
        let store = open_store(&args.database).await?;
        let listener = tokio::net::TcpListener::bind(args.addr)
            .await
            .with_context(|| format!("listening on {}", args.addr))?;
        let addr = listener.local_addr().context("reading the bound address")?;
        tracing::info!(database = %args.database, "serving on http://{addr}");
        sanctum_server::run(listener, store, stop_signal())
            .await
            .context("serving")?;
        anyhow::Ok(())
    })?;
    Ok(String::new())
}

/// `admin banish|pardon NAME`.
pub fn admin(command: &AdminCommand) -> anyhow::Result<String> {
    let (name, database, banished) = match command {
        AdminCommand::Banish { name, database } => (name, database, true),
        AdminCommand::Pardon { name, database } => (name, database, false),
    };
    runtime()?.block_on(async {
        let store = open_store(database).await?;
        if !store.set_banished(name, banished).await? {
            anyhow::bail!("no player named '{name}' in {database}");
        }
        Ok(if banished {
            format!("{name} is banished to the Volgaria room\n")
        } else {
            format!("{name} is pardoned and back in the main lobby\n")
        })
    })
}

/// `loadtest`: N concurrent games over HTTP and WebSocket, with a progress bar.
pub fn loadtest(args: &LoadtestArgs) -> anyhow::Result<String> {
    use std::sync::atomic::Ordering;
    let url = args.url.trim_end_matches('/').to_string();
    if !url.starts_with("http://") {
        return Err(crate::resolve::BadInput(format!(
            "malformed --url '{url}' (valid: http://HOST:PORT)"
        ))
        .into());
    }
    let report = runtime()?.block_on(async {
        let progress = std::sync::Arc::new(sanctum_server::loadtest::Progress::default());
        let total = u64::from(args.games) * u64::from(args.turns);
        let bar = if std::io::IsTerminal::is_terminal(&std::io::stderr()) {
            indicatif::ProgressBar::new(total)
        } else {
            indicatif::ProgressBar::hidden()
        };
        bar.set_style(
            indicatif::ProgressStyle::with_template(
                "{bar:40} {pos}/{len} turns {per_sec} {elapsed}",
            )
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
        );
        let ticker = {
            let (bar, progress) = (bar.clone(), progress.clone());
            tokio::spawn(async move {
                loop {
                    bar.set_position(progress.turns.load(Ordering::Relaxed));
                    tokio::time::sleep(std::time::Duration::from_millis(200)).await;
                }
            })
        };
        let opts = sanctum_server::loadtest::Options {
            games: args.games as usize,
            turns: i64::from(args.turns),
            seed: args.seed,
            think_ms: args.think_ms,
        };
        let report = sanctum_server::loadtest::run(&url, opts, progress).await;
        ticker.abort();
        bar.finish_and_clear();
        report
    });
    if report.games_failed == report.games {
        anyhow::bail!(
            "every game failed; the first: {}",
            report.first_error.unwrap_or_default()
        );
    }
    if args.json {
        return Ok(format!("{}\n", serde_json::to_string_pretty(&report)?));
    }
    let mut out = format!(
        "{} games ({} failed, mean think {} ms), {} turns in {:.1} s: {:.0} turns per second\n\
         latency from the second confirm to the pushed turn: p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms\n",
        report.games,
        report.games_failed,
        report.think_ms,
        report.turns,
        report.seconds,
        report.turns_per_second,
        report.latency_ms_p50,
        report.latency_ms_p99,
        report.latency_ms_max,
    );
    if let Some(e) = report.first_error {
        out.push_str(&format!("first failure: {e}\n"));
    }
    Ok(out)
}
