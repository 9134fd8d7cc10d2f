#ifndef REFINE_CPNG_SHIM_H
#define REFINE_CPNG_SHIM_H
/* libpng's simplified API (png_image) reports every error through the
   png_image struct instead of longjmp-ing out of the caller, which is what makes
   it safe to call from Swift. The helpers below exist because Swift cannot see
   function-like macros or take a C char array as a string. */
#include <png.h>
#include <string.h>

static inline void cpng_image_init(png_imagep image) {
    memset(image, 0, sizeof(*image));
    image->version = PNG_IMAGE_VERSION;
}

static inline int cpng_image_failed(const png_image *image) {
    return (image->warning_or_error & 0x03) > 1;
}

static inline const char *cpng_image_message(const png_image *image) {
    return image->message;
}

/* PNG_IMAGE_PNG_SIZE_MAX is a function-like macro: the worst-case size of the
   whole PNG stream for `image`, so png_image_write_to_memory can run once into a
   buffer that size instead of twice (once with NULL only to learn the size). */
static inline png_alloc_size_t cpng_image_png_size_max(const png_image *image) {
    return PNG_IMAGE_PNG_SIZE_MAX(*image);
}

/* zlib, for PNGEncoder: libpng's writers compress the image as one deflate
   stream on one core and the simplified API cannot set the level or the
   filters, so the engine filters rows itself and deflates bands of rows in
   parallel (raw deflate, each band primed with the 32 KB before it, joined by
   sync flushes into one zlib stream). deflateInit2 is a macro. */
#include <zlib.h>

static inline int cpng_deflate_init_raw(z_stream *stream, int level, int strategy) {
    memset(stream, 0, sizeof(*stream));
    return deflateInit2(stream, level, Z_DEFLATED, -15, 8, strategy);
}

/* Row-at-a-time reading through libpng's low-level API, for statistics of photos
   too large to hold decoded (`refine image info`). libpng reports errors by
   longjmp; every helper below catches them with setjmp in its own frame and
   returns -1 with the message in `message`, so no jump ever crosses Swift. */
#include <errno.h>
#include <setjmp.h>
#include <stdio.h>

typedef struct cpng_rows {
    png_structp png;
    png_infop info;
    FILE *file;
    char message[256];
    png_uint_32 width, height;
    int has_alpha;      /* the file has an alpha channel or a tRNS chunk */
    int sixteen;        /* rows are 16-bit RGBA (else 8-bit RGBA) */
    size_t row_bytes;
} cpng_rows;

/* The most one chunk may make libpng allocate, as libpng's own default (PNG_USER_CHUNK_MALLOC_MAX). */
#define CPNG_CHUNK_MALLOC_MAX 8000000

static void cpng_rows_error(png_structp png, png_const_charp msg) {
    cpng_rows *r = (cpng_rows *)png_get_error_ptr(png);
    strncpy(r->message, msg ? msg : "libpng error", sizeof(r->message) - 1);
    png_longjmp(png, 1);
}

static void cpng_rows_warning(png_structp png, png_const_charp msg) { (void)png; (void)msg; }

/* Opens `path` and sets the transformations that libpng's simplified API uses for
   the formats PNGFile reads: 8-bit files as 8-bit sRGB RGBA with straight alpha;
   16-bit files as 16-bit RGBA, linear and premultiplied (PNG_ALPHA_STANDARD). Interlaced
   files are left to their seven passes: every pixel still comes exactly once. */
static inline int cpng_rows_open(cpng_rows *r, const char *path, int linear16) {
    memset(r, 0, sizeof(*r));
    r->file = fopen(path, "rb");
    if (!r->file) { strncpy(r->message, strerror(errno), sizeof(r->message) - 1); return -1; }
    r->png = png_create_read_struct(PNG_LIBPNG_VER_STRING, r, cpng_rows_error, cpng_rows_warning);
    if (!r->png) { strcpy(r->message, "out of memory"); return -1; }
    r->info = png_create_info_struct(r->png);
    if (!r->info) { strcpy(r->message, "out of memory"); return -1; }
    if (setjmp(png_jmpbuf(r->png))) return -1;
    png_set_user_limits(r->png, 0x7fffffff, 0x7fffffff);
    /* The system's libpng may be built with no chunk limits: an 80-byte file declaring a
       2 GB tEXt chunk made it allocate 2 GB. No ancillary chunk (text, ICC profile) a photo
       needs comes near 8 MB, compressed or not; at most 128 of them are kept. */
    png_set_chunk_malloc_max(r->png, CPNG_CHUNK_MALLOC_MAX);
    png_set_chunk_cache_max(r->png, 128);
    png_init_io(r->png, r->file);
    png_read_info(r->png, r->info);
    r->width = png_get_image_width(r->png, r->info);
    r->height = png_get_image_height(r->png, r->info);
    int color = png_get_color_type(r->png, r->info);
    int depth = png_get_bit_depth(r->png, r->info);
    r->has_alpha = (color & PNG_COLOR_MASK_ALPHA) != 0 || png_get_valid(r->png, r->info, PNG_INFO_tRNS) != 0;
    r->sixteen = depth == 16;
    png_set_expand(r->png);
    if (!(color & PNG_COLOR_MASK_COLOR)) png_set_gray_to_rgb(r->png);
    if (r->sixteen) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
        png_set_swap(r->png); /* PNG stores 16-bit samples big-endian; hand them over native */
#endif
        /* As the simplified API: linear, premultiplied. `linear16` 2 takes the file as
           already linear (its sRGB-ish colour chunks ignored), handing over the raw
           samples, premultiplied exactly as PNGFile's full decode gets them. */
        if (linear16 == 2) png_set_gamma_fixed(r->png, PNG_GAMMA_LINEAR, PNG_GAMMA_LINEAR);
        png_set_alpha_mode_fixed(r->png, PNG_ALPHA_STANDARD, PNG_GAMMA_LINEAR);
        png_set_add_alpha(r->png, 0xffff, PNG_FILLER_AFTER);
    } else {
        png_set_alpha_mode(r->png, PNG_ALPHA_PNG, PNG_DEFAULT_sRGB);
        png_set_add_alpha(r->png, 0xff, PNG_FILLER_AFTER);
    }
    png_read_update_info(r->png, r->info);
    r->row_bytes = png_get_rowbytes(r->png, r->info);
    return 0;
}

/* Adam7 pass `pass` (0…6) of the image: its width and height (0 for an empty pass);
   pass 0 alone stands for the whole image when the file is not interlaced. */
static inline int cpng_rows_passes(const cpng_rows *r) {
    return png_get_interlace_type(r->png, r->info) == PNG_INTERLACE_ADAM7 ? 7 : 1;
}
static inline png_uint_32 cpng_rows_pass_width(const cpng_rows *r, int pass) {
    return cpng_rows_passes(r) == 1 ? r->width : PNG_PASS_COLS(r->width, pass);
}
static inline png_uint_32 cpng_rows_pass_height(const cpng_rows *r, int pass) {
    return cpng_rows_passes(r) == 1 ? r->height : PNG_PASS_ROWS(r->height, pass);
}

/* Reads the next row into `row` (row_bytes long). */
static inline int cpng_rows_read(cpng_rows *r, void *row) {
    if (setjmp(png_jmpbuf(r->png))) return -1;
    png_read_row(r->png, (png_bytep)row, NULL);
    return 0;
}

static inline void cpng_rows_close(cpng_rows *r) {
    if (r->png) png_destroy_read_struct(&r->png, r->info ? &r->info : NULL, NULL);
    if (r->file) fclose(r->file);
    r->png = NULL; r->info = NULL; r->file = NULL;
}

#endif
