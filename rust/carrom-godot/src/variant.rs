//! Turning `fields::Field`s into Godot values: the one place where dictionaries are built.

use crate::fields::{Field, Fields};
use godot::prelude::*;

/// A Godot dictionary of `fields`, in order.
pub fn dictionary(fields: Fields) -> VarDictionary {
    let mut dict = VarDictionary::new();
    for (key, value) in fields {
        dict.set(key, &variant(value));
    }
    dict
}

fn variant(field: Field) -> Variant {
    match field {
        Field::Int(i) => i.to_variant(),
        Field::Float(f) => f.to_variant(),
        Field::Bool(b) => b.to_variant(),
        Field::Kind(k) => crate::enums::Kind::from(k).to_variant(),
        Field::Place(p) => crate::enums::Place::from(p).to_variant(),
        Field::Who(w) => crate::enums::Who::from(w).to_variant(),
        Field::Text(t) => GString::from(t.as_str()).to_variant(),
        Field::Ints(values) => values.into_iter().collect::<PackedInt32Array>().to_variant(),
        Field::Point(p) => Vector2::new(p.x, p.y).to_variant(),
        Field::Points(points) => {
            points.into_iter().map(|p| Vector2::new(p.x, p.y)).collect::<PackedVector2Array>().to_variant()
        }
        Field::List(items) => {
            let mut array = VarArray::new();
            for item in items {
                array.push(&dictionary(item).to_variant());
            }
            array.to_variant()
        }
    }
}

/// Allowed ranges, for a menu that offers them and for the test that holds the inspector to
/// them: each name with `[low, high]`.
pub fn limits(ranges: &[(&str, f64, f64)]) -> VarDictionary {
    let mut dict = VarDictionary::new();
    for (name, low, high) in ranges {
        dict.set(*name, &PackedFloat64Array::from(&[*low, *high]));
    }
    dict
}

/// One dictionary for each item, in order.
pub fn dictionaries<T>(
    items: impl IntoIterator<Item = T>,
    fields: impl Fn(T) -> Fields,
) -> Array<VarDictionary> {
    items.into_iter().map(|item| dictionary(fields(item))).collect()
}
