//! Turning `convert::Field`s into Godot values: the one place where dictionaries are built.

use crate::convert::{Field, Fields};
use godot::prelude::*;

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
        Field::Text(t) => GString::from(t.as_str()).to_variant(),
        Field::Point(p) => Vector2::new(p.x, p.y).to_variant(),
        Field::List(items) => {
            let mut array = VarArray::new();
            for item in items {
                array.push(&dictionary(item).to_variant());
            }
            array.to_variant()
        }
    }
}

pub fn vector(v: carrom_core::Vec2) -> Vector2 {
    Vector2::new(v.x, v.y)
}

pub fn vec2(v: Vector2) -> carrom_core::Vec2 {
    carrom_core::Vec2::new(v.x, v.y)
}
