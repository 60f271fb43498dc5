//! Times a path, a reach and a sight query on a generated table (profiling).
use mortalis_battle::{Body, Mover, Nav, Place, generate::generate};

fn main() {
    let t = generate(7, 36.0);
    let (a, b) = (Place::ground(3.0, 3.0), Place::ground(33.0, 33.0));
    let start = std::time::Instant::now();
    let nav = Nav::new(&t, Mover::standard(0.5));
    println!("nav in {:?}", start.elapsed());
    let start = std::time::Instant::now();
    let p = nav.path(a, b, &[]).unwrap();
    println!("path {:?} in {:?}", p.map(|p| p.cost()), start.elapsed());
    let start = std::time::Instant::now();
    let r = nav
        .reach(a, 5.0, &[], &[b, Place::ground(20.0, 3.0)])
        .unwrap();
    println!("reach {r:?} in {:?}", start.elapsed());
    let start = std::time::Instant::now();
    let s = t.sight(&Body::new(a), &Body::new(b), &[]);
    println!("sight {:?} in {:?}", s.visible, start.elapsed());
}
