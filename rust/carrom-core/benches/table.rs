//! Time to simulate shots to rest: the opening break and a typical shot later in a board.
//! `cargo bench -p carrom-core --bench table`; figures go in docs/benchmarks.md.

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

fn bench(c: &mut Criterion) {
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
