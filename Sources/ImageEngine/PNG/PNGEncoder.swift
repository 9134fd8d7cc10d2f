import CPNG
import Foundation

/// Writes 8-bit PNG streams: rows filtered as libpng filters them, deflated by
/// zlib at the caller's level, in bands of rows spread over threads.
///
/// Why not libpng's writer: it deflates the whole image as one stream on one
/// core — on a 12 MP photo that is nearly all of a `refine render` — and its
/// simplified API cannot set the level (its one knob, `PNG_IMAGE_FLAG_FAST`,
/// means no filters at level 3). Here the algorithm is per row
/// (`PNGRowFilters`, libpng's filters and adaptive choice) and the schedule is
/// per band, as pigz does for gzip: each band is raw deflate primed with the
/// 32 KB of filtered data before it (so matches still reach back across the
/// seam) and ends on a sync flush, and the bands, concatenated in order between
/// the zlib header and the combined Adler-32, are one valid zlib stream. A band
/// renders and filters the few rows before it itself, so bands need nothing
/// from each other and run in any order on any thread.
///
/// Band boundaries depend on the row size only, so the bytes written are the
/// same for any thread count. The cost of the split is a sync-flush marker and
/// a re-primed match finder per band: a few hundred bytes on a 13 MB file. An
/// image of one band (up to 2 MB of rows) gets libpng's own zlib stream, and
/// with its IDAT chunking libpng's own file, byte for byte (tested).
enum PNGEncoder {
    /// Raw bytes a band aims at: enough to keep the seams rare (and to write
    /// report cells and contact sheets in one band, as libpng would), small
    /// enough that a 12 MP photo makes 12 bands to balance over the threads.
    static let bandBytes = 3 << 20
    /// Deflate's window: how far back a match may reach, so how much of the
    /// filtered stream before a band primes its dictionary.
    static let window = 32_768

    /// Fills `buffer` with the raw 8-bit rows `range` (`channels · width` bytes
    /// each, back to back). Called from several threads at once, with
    /// overlapping ranges (a band's context rows are its neighbour's last rows),
    /// so it must be a pure function of the row index.
    typealias RowSource = (_ range: Range<Int>, _ buffer: UnsafeMutablePointer<UInt8>) -> Void

    static func bandRows(rowBytes: Int) -> Int { max(1, (bandBytes + rowBytes) / (rowBytes + 1)) }

    /// The PNG file for a `width`×`height` RGB (`channels` 3) or RGBA (4) image.
    static func encode(
        width: Int, height: Int, channels: Int, compression: PNGCompression, threads: Int,
        name: String, rows: RowSource
    ) throws -> Data {
        let rowBytes = width * channels
        let perBand = bandRows(rowBytes: rowBytes)
        let bands = (height + perBand - 1) / perBand
        let results = UnsafeMutablePointer<Band?>.allocate(capacity: bands)
        results.initialize(repeating: nil, count: bands)
        defer { results.deinitialize(count: bands); results.deallocate() }
        let out = SharedMutablePointer(base: results)
        Schedule(threads: threads, tileRows: 1).forEachTile(rows: bands, pixelsPerRow: perBand * width) { range in
            for b in range {
                let r0 = b * perBand
                out.base[b] = compress(
                    rows: r0..<min(height, r0 + perBand), height: height, rowBytes: rowBytes,
                    bpp: channels, compression: compression, first: b == 0, source: rows)
            }
        }
        var adler: UInt32 = 1
        for b in 0..<bands {
            guard let band = results[b] else {
                throw PNGError(file: name, message: "cannot encode PNG: zlib ran out of memory")
            }
            adler = UInt32(adler32_combine(uLong(adler), uLong(band.adler), Int(band.rawCount)))
        }

        var head = Data([137, 80, 78, 71, 13, 10, 26, 10])
        appendChunk("IHDR", be32(UInt32(width)) + be32(UInt32(height)) + [8, channels == 4 ? 6 : 2, 0, 0, 0], to: &head)
        // What libpng's simplified API writes for 8-bit sRGB data: an sRGB chunk, perceptual intent.
        appendChunk("sRGB", [0], to: &head)
        return chunked(head: head, pieces: (0..<bands).map { results[$0]!.bytes } + [be32(adler)], threads: threads)
    }

    /// IDAT chunk size: libpng's (`PNG_ZBUF_SIZE`), so that an image of one
    /// band, whose zlib stream is libpng's own, is byte for byte libpng's file.
    static let idatBytes = 8192

    /// `head`, then the zlib stream (the concatenated `pieces`) cut into IDAT
    /// chunks of `idatBytes`, then IEND. One copy of the stream; the chunks'
    /// CRCs are computed on the threads.
    static func chunked(head: Data, pieces: [[UInt8]], threads: Int) -> Data {
        let streamCount = pieces.reduce(0) { $0 + $1.count }
        let chunks = (streamCount + idatBytes - 1) / idatBytes
        var png = Data(count: head.count + streamCount + 12 * chunks + 12)
        png.withUnsafeMutableBytes { raw in
            let base = raw.baseAddress!.assumingMemoryBound(to: UInt8.self)
            head.copyBytes(to: base, count: head.count)
            let first = base + head.count
            func chunkStart(_ k: Int) -> UnsafeMutablePointer<UInt8> { first + k * (idatBytes + 12) }
            func chunkLength(_ k: Int) -> Int { min(idatBytes, streamCount - k * idatBytes) }
            // Lay the stream into the chunks' data fields, piece by piece.
            var at = 0
            for piece in pieces {
                piece.withUnsafeBufferPointer { p in
                    var done = 0
                    while done < p.count {
                        let k = at / idatBytes, offset = at % idatBytes
                        let n = min(p.count - done, idatBytes - offset)
                        (chunkStart(k) + 8 + offset).update(from: p.baseAddress! + done, count: n)
                        done += n; at += n
                    }
                }
            }
            let out = SharedMutablePointer(base: first)
            Schedule(threads: threads, tileRows: 64).forEachTile(rows: chunks, pixelsPerRow: idatBytes / 8) { range in
                for k in range {
                    let c = out.base + k * (idatBytes + 12), n = min(idatBytes, streamCount - k * idatBytes)
                    c.update(from: be32(UInt32(n)) + Array("IDAT".utf8), count: 8)
                    (c + 8 + n).update(from: be32(UInt32(crc32(0, c + 4, uInt(n + 4)))), count: 4)
                }
            }
            let end = chunkStart(chunks - 1) + 12 + chunkLength(chunks - 1)
            end.update(
                from: [0, 0, 0, 0] + Array("IEND".utf8) + be32(UInt32(crc32(0, Array("IEND".utf8), 4))), count: 12)
        }
        return png
    }

    /// One band's share of the zlib stream: its deflate output (with the zlib
    /// header in front for the first band), and the Adler-32 and length of its raw input.
    struct Band {
        var bytes: [UInt8]
        var adler: UInt32
        var rawCount: Int
    }

    /// Renders, filters and deflates `rows`; nil if zlib fails (out of memory).
    static func compress(
        rows: Range<Int>, height: Int, rowBytes: Int, bpp: Int, compression: PNGCompression,
        first: Bool, source: RowSource
    ) -> Band? {
        let stride = rowBytes + 1
        // Rows before the band whose filtered bytes prime the dictionary, and one more raw row for their filters.
        let context = min(rows.lowerBound, (window + stride - 1) / stride)
        let filteredStart = rows.lowerBound - context
        let rawStart = max(0, filteredStart - 1)
        let rawRows = rows.upperBound - rawStart
        let raw = UnsafeMutablePointer<UInt8>.allocate(capacity: rawRows * rowBytes + rowBytes)
        let filtered = UnsafeMutablePointer<UInt8>.allocate(capacity: (rows.upperBound - filteredStart) * stride)
        let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: 4 * rowBytes)
        defer { raw.deallocate(); filtered.deallocate(); scratch.deallocate() }
        let zeros = raw + rawRows * rowBytes
        zeros.initialize(repeating: 0, count: rowBytes)
        source(rawStart..<rows.upperBound, raw)

        let fixed = compression.filter.fixedType
        for y in filteredStart..<rows.upperBound {
            let cur = UnsafePointer(raw + (y - rawStart) * rowBytes)
            let prev = y == 0 ? UnsafePointer(zeros) : UnsafePointer(raw + (y - 1 - rawStart) * rowBytes)
            let o = filtered + (y - filteredStart) * stride
            if let t = fixed {
                o[0] = t
                PNGRowFilters.apply(t, cur: cur, prev: prev, n: rowBytes, bpp: bpp, out: o + 1)
            } else {
                o[0] = PNGRowFilters.chooseAndApply(
                    cur: cur, prev: prev, n: rowBytes, bpp: bpp, scratch: scratch, out: o + 1)
            }
        }
        let dictionaryEnd = context * stride
        let dictionaryCount = min(window, dictionaryEnd)
        let input = filtered + dictionaryEnd, inputCount = (rows.upperBound - rows.lowerBound) * stride

        var z = z_stream()
        guard cpng_deflate_init_raw(&z, Int32(compression.level), compression.zlibStrategy) == Z_OK else { return nil }
        defer { deflateEnd(&z) }
        if dictionaryCount > 0 {
            guard deflateSetDictionary(&z, filtered + dictionaryEnd - dictionaryCount, uInt(dictionaryCount)) == Z_OK
            else { return nil }
        }
        let header: [UInt8] = first ? zlibHeader(compression) : []
        // The bound covers a finished stream; a sync flush adds at most an empty stored block.
        var capacity = header.count + Int(deflateBound(&z, uLong(inputCount))) + 16
        var bytes = [UInt8](unsafeUninitializedCapacity: capacity) { _, n in n = capacity }  // deflate writes it
        bytes.replaceSubrange(0..<header.count, with: header)
        var produced = header.count
        let last = rows.upperBound == height
        z.next_in = input
        z.avail_in = uInt(inputCount)
        while true {
            let status = bytes.withUnsafeMutableBufferPointer { b -> Int32 in
                z.next_out = b.baseAddress! + produced
                z.avail_out = uInt(capacity - produced)
                let s = deflate(&z, last ? Z_FINISH : Z_SYNC_FLUSH)
                produced = capacity - Int(z.avail_out)
                return s
            }
            guard status == Z_OK || status == Z_STREAM_END || status == Z_BUF_ERROR else { return nil }
            if status == Z_STREAM_END || (!last && z.avail_in == 0 && z.avail_out > 0) { break }
            // Out of room (the bound should have prevented it): grow, but never spin.
            guard z.avail_out == 0, capacity < 4 * inputCount + 4096 else { return nil }
            capacity *= 2
            let extra = capacity - bytes.count
            bytes += [UInt8](unsafeUninitializedCapacity: extra) { _, n in n = extra }
        }
        bytes.removeSubrange(produced...)
        let adler = UInt32(adler32(1, input, uInt(inputCount)))
        return Band(bytes: bytes, adler: adler, rawCount: inputCount)
    }

    /// CMF (deflate, 32 KB window) and FLG (zlib's level bits, check bits, no dictionary).
    static func zlibHeader(_ c: PNGCompression) -> [UInt8] {
        let cmf: UInt16 = 0x78
        var flg = UInt16(c.zlibLevelFlags) << 6
        flg += 31 - (cmf << 8 | flg) % 31
        return [UInt8(cmf), UInt8(flg)]
    }

    static func appendChunk(_ type: String, _ body: [UInt8], to png: inout Data) {
        let typed = Array(type.utf8) + body
        png.append(contentsOf: be32(UInt32(body.count)))
        png.append(contentsOf: typed)
        let crc = typed.withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) }
        png.append(contentsOf: be32(UInt32(crc)))
    }

    static func be32(_ v: UInt32) -> [UInt8] {
        [UInt8(v >> 24), UInt8(v >> 16 & 0xff), UInt8(v >> 8 & 0xff), UInt8(v & 0xff)]
    }
}
