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

#endif
