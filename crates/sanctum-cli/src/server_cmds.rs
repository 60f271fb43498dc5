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
        let store = sanctum_server::open(&args.database)
            .await
            .with_context(|| format!("opening the database '{}'", args.database))?;
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
        let store = sanctum_server::open(database)
            .await
            .with_context(|| format!("opening the database '{database}'"))?;
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
