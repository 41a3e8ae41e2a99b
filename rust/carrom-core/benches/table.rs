//! Time to simulate shots to rest: the opening break and a typical shot later in a board, and a
//! fixed reference workload measured in the same sitting, so that a figure can be read as a
//! ratio to the reference when the machine is slower or busier than the one in the docs.
//! `cargo bench -p carrom-core --bench table`; figures go in docs/benchmarks.md.

// criterion_group! makes a public function it cannot document.
#![allow(missing_docs)]

use carrom_core::{BoardSpec, Seat, Table, Vec2};
use criterion::{criterion_group, criterion_main, BatchSize, Criterion};

fn seat(i: i64) -> Seat {
    Seat::new(i).expect("seats 0-3 exist")
}

/// Places the striker at the free legal spot nearest the middle of the baseline.
fn place_anywhere(table: &mut Table, s: Seat) {
    let spot = table.nearest_free_striker_offset(s, 0.0).expect("a free spot on the baseline");
    table.place_striker(s, spot).expect("legal spot");
}

fn broken_table() -> Table {
    let mut table = Table::new(BoardSpec::icf()).expect("ICF spec is valid");
    table.place_striker(seat(0), 0.0).expect("legal spot");
    table.strike(Vec2::new(0.0, -1.0), 6.5).expect("legal strike");
    table.run_to_rest().expect("shot runs");
    table
}

/// The reference: plain floating-point work of the same shape as a physics step (20 discs,
/// every pair's distance, a move), with no engine code in it, so that its time follows the
/// machine and its load, and not the project's changes.
fn reference_work() -> f32 {
    let mut discs: Vec<(f32, f32, f32, f32)> =
        (0..20u16).map(|i| (f32::from(i % 5) * 0.05, f32::from(i / 5) * 0.05, 0.3, -0.2)).collect();
    let mut closest = f32::MAX;
    for _ in 0..400 {
        for i in 0..discs.len() {
            for j in i + 1..discs.len() {
                let (dx, dy) = (discs[i].0 - discs[j].0, discs[i].1 - discs[j].1);
                closest = closest.min((dx * dx + dy * dy).sqrt());
            }
        }
        for d in &mut discs {
            d.0 += d.2 / 240.0;
            d.1 += d.3 / 240.0;
            d.2 *= 0.995;
            d.3 *= 0.995;
        }
    }
    closest
}

fn bench(c: &mut Criterion) {
    c.bench_function("reference workload", |b| b.iter(|| std::hint::black_box(reference_work())));
    let fresh = Table::new(BoardSpec::icf())
        .expect("ICF spec is valid")
        .snapshot()
        .expect("a table at rest has a snapshot");
    c.bench_function("break to rest", |b| {
        b.iter_batched(
            || {
                let mut t = Table::restore(&fresh).expect("snapshot restores");
                t.place_striker(seat(0), 0.0).expect("legal spot");
                t
            },
            |mut t| {
                t.strike(Vec2::new(0.0, -1.0), 6.5).expect("legal strike");
                t.run_to_rest().expect("shot runs").steps
            },
            BatchSize::SmallInput,
        )
    });
    let after_break = broken_table().snapshot().expect("a table at rest has a snapshot");
    c.bench_function("mid-board shot to rest", |b| {
        b.iter_batched(
            || {
                let mut t = Table::restore(&after_break).expect("snapshot restores");
                place_anywhere(&mut t, seat(2));
                t
            },
            |mut t| {
                t.strike(Vec2::new(-0.2, 1.0), 3.0).expect("legal strike");
                t.run_to_rest().expect("shot runs").steps
            },
            BatchSize::SmallInput,
        )
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
