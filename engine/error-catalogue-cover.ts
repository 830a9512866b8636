// The catalogue's messages about a book's cover: a model server without an image endpoint, and a writer's
// own picture refused for a store's size rules (engine/publish/cover-rules.ts). Merged into CATALOGUE.
import { catalogue } from './languages/index.js';

export const COVER_CATALOGUE = catalogue('errors-cover', {
  no_image_endpoint: {
    en: 'The model server has no image endpoint (HTTP {status}): the cover is made from the book\'s title instead.',
    ms: 'Pelayan model tiada titik akhir imej (HTTP {status}): kulit buku dibuat daripada tajuk buku sebagai gantinya.',
  },
  cover_unreadable: {
    en: '{file} is not a picture Karya can read ({reason}). Give a JPEG, PNG or TIFF file.',
    ms: '{file} bukan gambar yang dapat dibaca oleh Karya ({reason}). Berikan fail JPEG, PNG atau TIFF.',
  },
  cover_svg: {
    en: '{file} is an SVG drawing (or another text file), not a picture: a drawing may carry scripts, and no store takes one as a cover. Give a JPEG or PNG file.',
    ms: '{file} ialah lukisan SVG (atau fail teks lain), bukan gambar: lukisan boleh membawa skrip, dan tiada kedai menerimanya sebagai kulit buku. Berikan fail JPEG atau PNG.',
  },
  cover_too_many_pixels: {
    en: '{file} declares {width} × {height} px: {store} takes a cover of at most {maxWidth} × {maxHeight} px. Give a smaller picture (ideally {idealWidth} × {idealHeight}).',
    ms: '{file} menyatakan saiz {width} × {height} px: {store} menerima kulit buku paling besar {maxWidth} × {maxHeight} px. Berikan gambar yang lebih kecil (sebaiknya {idealWidth} × {idealHeight}).',
  },
  cover_too_many_megapixels: {
    en: '{file} declares {width} × {height} px, {megapixels} megapixels: a cover picture may have {limit} megapixels at most. Give a smaller picture (ideally {idealWidth} × {idealHeight}).',
    ms: '{file} menyatakan saiz {width} × {height} px, {megapixels} megapiksel: gambar kulit buku boleh mempunyai paling banyak {limit} megapiksel. Berikan gambar yang lebih kecil (sebaiknya {idealWidth} × {idealHeight}).',
  },
  cover_upload_format: {
    en: '{file} is a {format} picture: a cover is sent as a JPEG or PNG. Save it as a JPEG (or PNG) and send it again.',
    ms: '{file} ialah gambar {format}: kulit buku dihantar sebagai JPEG atau PNG. Simpan sebagai JPEG (atau PNG) dan hantar semula.',
  },
  cover_upload_too_large: {
    en: '{file} is larger than {limit}: a cover picture is sent at {limit} at most. Save it as a JPEG (1,600 × 2,560 px is a few megabytes).',
    ms: '{file} lebih besar daripada {limit}: gambar kulit buku dihantar paling besar {limit}. Simpan sebagai JPEG (1,600 × 2,560 px hanya beberapa megabait).',
  },
  cover_too_small: {
    en: '{file} is {width} × {height} px: {store} asks for an eBook cover of at least {minWidth} × {minHeight} px (ideally {idealWidth} × {idealHeight}). Give a larger picture.',
    ms: '{file} bersaiz {width} × {height} px: {store} memerlukan kulit eBook sekurang-kurangnya {minWidth} × {minHeight} px (sebaiknya {idealWidth} × {idealHeight}). Berikan gambar yang lebih besar.',
  },
  cover_wrong_shape: {
    en: '{file} is {width} × {height} px, {ratio} times as tall as wide: {store} asks for an eBook cover {wanted} times as tall as wide (from {min} to {max} is cropped to fit). Crop it to {idealWidth} × {idealHeight} px.',
    ms: '{file} bersaiz {width} × {height} px, tingginya {ratio} kali lebarnya: {store} memerlukan kulit eBook yang tingginya {wanted} kali lebarnya (dari {min} hingga {max} dipangkas supaya muat). Pangkas kepada {idealWidth} × {idealHeight} px.',
  },
  cover_file_too_large: {
    en: '{file} is {size}: {store} takes a cover file under {limit}. Save it as a JPEG.',
    ms: '{file} bersaiz {size}: {store} menerima fail kulit buku di bawah {limit}. Simpan sebagai JPEG.',
  },
  cover_not_found: {
    en: '{file}: no such picture. --cover takes a JPEG, PNG or TIFF file, or the word typographic.',
    ms: '{file}: tiada gambar sedemikian. --cover menerima fail JPEG, PNG atau TIFF, atau perkataan typographic.',
  },
});
