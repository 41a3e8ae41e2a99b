class_name Look
extends Resource
## A striker design or a board finish a player earns by playing and chooses in Settings. Looks
## only: every striker plays as the ICF striker, every board as the ICF board. A modder adds
## one as a `.tres` of this script in `res://looks/` (no code): its id, its name, what it
## dresses the board with, and what earns it.

enum Part { STRIKER, BOARD }
## What earns it: nothing (it is there from the start), boards won by a person on this
## device, trick-shot stars, or days of the daily challenge solved.
enum Earned { FROM_THE_START, BOARDS_WON, TRICK_STARS, DAILY_CHALLENGES }

## Kept in the settings when chosen: a new name for a look loses nobody's choice.
@export var id := ""
## Its name: a translation key, or the name itself for a modder's look.
@export var name_key := ""
@export var part := Part.STRIKER
## For a striker: the scene its node is made from (a `PieceLook`, as scenes/pieces/striker.tscn).
@export var striker_scene: PackedScene
## For a board: the wood of its frame and of its playing surface.
@export var frame_texture: Texture2D
@export var surface_texture: Texture2D
@export var earned_by := Earned.FROM_THE_START
## How many boards, stars or days earn it.
@export_range(0, 1000) var needed := 0
