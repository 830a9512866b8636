// The catalogue's messages about a book's cover: a model server without an image endpoint, and a writer's
// own picture refused for a store's size rules (engine/publish/cover-rules.ts). Merged into CATALOGUE.
import type { Bilingual } from './spec/types.js';

export const COVER_CATALOGUE = {
  no_image_endpoint: {
    en: 'The model server has no image endpoint (HTTP {status}): the cover is made from the book\'s title instead.',
    ms: 'Pelayan model tiada titik akhir imej (HTTP {status}): kulit buku dibuat daripada tajuk buku sebagai gantinya.',
  },
  cover_unreadable: {
    en: '{file} is not a picture Karya can read ({reason}). Give a JPEG, PNG or TIFF file.',
    ms: '{file} bukan gambar yang dapat dibaca oleh Karya ({reason}). Berikan fail JPEG, PNG atau TIFF.',
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
} as const satisfies Record<string, Bilingual>;
