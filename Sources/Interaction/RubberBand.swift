/// How far content follows a finger dragged `offset` points past its edge, for
/// content of extent `dimension`: `(1 − 1 / (offset·c / dimension + 1))·dimension`,
/// with c = 0.55 as in UIScrollView. Resistance grows smoothly and the result
/// never exceeds `dimension`. Negative offsets (past the other edge) mirror it.
public func rubberBand(offset: Double, dimension: Double, constant c: Double = 0.55) -> Double {
    precondition(dimension > 0, "rubber-band dimension must be positive")
    let magnitude = (1 - 1 / (abs(offset) * c / dimension + 1)) * dimension
    return offset < 0 ? -magnitude : magnitude
}
