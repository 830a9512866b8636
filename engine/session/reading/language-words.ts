// The words language.ts judges a text by, as data: frequent English and Malay function words, and the markers
// that tell Malaysian from Indonesian writing (words and phrases with their weights). See language.ts's header
// for how they are used.
/** A set of the words of a list written as text. */
export const wordSet = (words: string) => new Set(words.split(/\s+/).filter(Boolean));
const set = wordSet;

/** Frequent English function words (none of them a Malay or Indonesian word). */
export const ENGLISH = set(`the and of to a an in is was were are be been being that it its he she his her him they them their
  theirs there this these those with for on at by from as but not no or so if then than you your i me my mine we our us
  had have has do did does would could should will shall can what which who whom whose when where why how all one into
  out up about over after before just only said also very because while through under again never any each other
  some such too more most own same both few here until upon within without yet i'm it's don't didn't can't won't`);

/** Frequent function words of Malay and Indonesian alike. */
export const MALAYIC = set(`yang dan di itu ini dengan untuk tidak dalam ke pada ada akan dia ia saya mereka kami kita telah sudah
  tetapi atau juga lebih seperti oleh dari daripada kepada bagi apa hanya masih sangat semua setiap sebuah seorang lagi
  sebagai jika kalau belum pun lalu ketika begitu sambil namun mana siapa bila sini situ kini tanpa antara bahawa bahwa
  kerana karena supaya agar hingga sehingga tentang mula mulai harus perlu boleh bisa dapat sedang bukan tak aku kamu
  anda beliau nya pula serta selain sejak atas bawah kata katanya menurut ialah adalah merupakan iaitu yaitu tersebut
  berkata kerana sahaja saja mahu mau juga tahun hari orang baru baharu banyak lain sama para terhadap akibat`);

/** The single-word markers (see MARKERS), tuned on news, fiction and verse a few sentences at a time. */
const WORD_MARKERS: ReadonlyArray<readonly [number, string]> = [
  [3, `dakap dakapan mendakap didakap
    varieti diagihkan mengagihkan agihan
    sebahagian kasut seluar tuala pinggan pawagam berlepas konvokesyen pensyarah cili kekangan  lepak makcik pakcik cikgu bendang keretapi
    allahyarham allahyarhamah nahas kerana bahawa bahawasanya iaitu sahaja mahu fikir berfikir fikiran faham
    kefahaman wang esok selepas syarikat peratus peratusan bilion trilion polis kenderaan kemalangan seramai
    manakala dijangka jangkaan menjangka menjangkakan  unjuran maklumat dimaklumkan memaklumkan makluman
    baharu pelbagai kepelbagaian berbanding setakat tarikh  sesiapa kedua-dua ketiga-tiga kesemua berhampiran
     terbabit membabitkan timbalan pengerusi pengarah setiausaha gabenor jajahan lebuh lebuhraya teksi
    motosikal lori bandaraya mahkamah tertuduh suspek disyaki pendakwa pendakwaan majistret peguam perbicaraan
    pertuduhan seksyen keseksaan perlembagaan parlimen parti pembangkang mengundi pengundi bahagian antarabangsa
    tempatan projek kempen pentadbiran pengurusan kesihatan pesakit  jururawat ubat perubatan rawatan
    jangkitan wabak bomba amaran kedai percuma telefon filem muzik jurulatih kejohanan sukan pelancong pelancongan
    melancong percutian pelaburan pelabur perniagaan peniaga usahawan cukai bajet kakitangan eksport mencadangkan
    menubuhkan ditubuhkan penubuhan pertubuhan merasmikan dirasmikan perasmian rasmi menyiasat disiasat siasatan
    penyiasatan mengesan dikesan tular merekodkan direkodkan majlis aidilfitri kuih dadah diberkas reman kecederaan
    jenayah rompakan ciapan akaun sesawang sentiasa memperolehi menjejaskan terjejas mengurangkan dikurangkan
    keupayaan berjaya berhasrat menggesa menafikan mendedahkan menyasarkan bersetuju penat sikit korang diorang
    kitorang jom emak matlamat justeru universiti kolej peperiksaan kualiti aktiviti komuniti fasiliti kapasiti
    identiti prioriti integriti realiti komoditi sekuriti majoriti minoriti autoriti kreativiti produktiviti
    mentaliti kuantiti entiti personaliti  isteri kanak-kanak basikal beza berbeza perbezaan idea minit soalan
    jawapan kerusi hujung rakan memulakan dimulakan akhbar terutamanya kemudiannya sekurang-kurangnya adakah ketara
    mempamerkan menerusi berikutan kelmarin petang bas pusingan menjaringkan isnin khamis jumaat mac julai ogos
    disember kes lapan tahniah saman agensi penguatkuasa penguatkuasaan tayar stesen pengangkutan konkrit darjah
    bolasepak pingat gangsa pengadil adun diraja agong di-pertuan bumiputera menamatkan ditamatkan mengetepikan
    diketepikan mengukuhkan memperkasakan membolehkan mengenalpasti dikenalpasti menghadkan dihadkan meluluskan
    menguatkuasakan dikuatkuasakan membentangkan dibentangkan pembentangan memberitahu diberitahu menguruskan
    diuruskan membimbangkan khuatir kekhuatiran seronok cuba mencuba dicuba percubaan sempena bersempena sepertimana
    berpunca punca penganalisis pemerhati jawatankuasa jawatan mesyuarat lesen berhutang elektrik bekalan talian
     stadium penunggang ape mcm sbb pastu lepastu camtu camni jugak takde xde kenape sape jadual dijadualkan
    menjadualkan khabar pemuzik jemputan bateri saintis kitaran lawatan mahupun  dipetik tetamu haiwan
    inggeris jepun sepanyol itali kemboja nombor puteri putera rejim  automatik strategik teknikal
    kritikal dinamik realistik sistematik ekonomik praktikal romantik drastik peminat sokongan menyokong disokong
    perkhidmatan  tempoh rasuah televisyen olimpik erti ertinya bererti perladangan pdrm jpj sprm kpdn
    metmalaysia ipd stpm upsr`],
  [2, `perosak
    tingkap beg sudu bertolak kecurian perseorangan mamak tudung songkok kenduri
    kerajaan  membezakan dibezakan kkm kpm kdn jkm mkn upu spm pkr dap beliau ialah bagaimanapun menghantar
    dihantar hutang impak sila mengikut datuk dato dato' puan encik cik kos paras awam dipercayai nampak tengok nak
    je jer kat sebarang semasa mak berasa mangsa mendapati pemberita jiran bilik tandas solat kebajikan memandangkan
    bilangan sabit risau naib dun seterusnya umpamanya seumpama memperuntukkan penganjur budak mane sekiranya`],
  [1, ` minimum penerangan
    bekas rancangan dirancang umno jps apm ipk pemandu memandu dirampas dicadangkan ade pasukan  macam
    berkenaan kereta boleh ni tu lepas semalam susulan ringgit kadar individu bersedia mengulas kajian mencatatkan
    kebangsaan berhubung apabila hadapan didakwa cedera mesti daripada pelajar sains amat ramai abah akta undi
    kilang kerap bermula penyelidik kenyataan berkaitan memaparkan pengesahan mengesahkan disahkan kawalan pembinaan
    semula bekerjasama kerjasama  persatuan   maut selaras menaiki anjuran duit kawan wujud
    kemudahan dah`],
  [0.5, ` kepada bagi dijalankan perlawanan  melawat pupus suria`],
  [-3, `dekap dekapan mendekap didekap
    varietas sentra
    permukiman pemukiman mencicipi dpl sebagian pacar kakek paman tante ngapain sepatu celana kaos handuk tas koper kulkas sendok mampir nongkrong wisuda dosen rapor dirjen perda caleg capres cawapres kpu bawaslu parpol triwulan sembako cabai puskesmas posyandu nakes curanmor begal tawuran pengeroyokan diciduk mapolres mapolsek divonis himbauan menghimbau dihimbau terkendala peci
      beda berbeda perbedaan membedakan dibedakan kocak ktt mengusulkan diusulkan limbah naas
    berkiprah kiprah membalap karena bahwa yaitu mau pikir berpikir pikiran paham pemahaman uang besok kemarin
    kantor mobil sepeda truk bandara persen persentase miliar triliun kabupaten kecamatan kelurahan provinsi bupati
    gubernur camat lurah kepolisian polri polda polres polsek polrestabes kapolres kapolda kapolri kapolsek akbp
    kombes brigjen irjen tni dpr dprd kpk bnpb bpbd bmkg pssi wib wita kecelakaan tabrakan terdakwa tersangka jaksa
    kejaksaan penyidik penyidikan dibekuk diringkus narkoba narkotika kasus perampokan partai parlemen pemilu
    pilkada pilpres konstitusi bagian internasional proyek kampanye administrasi kesehatan dokter obat pasien apotek
    pengobatan wabah damkar prakiraan toko gratis kamar telepon film musik kejuaraan olahraga wisatawan pariwisata
    wisata liburan investasi bisnis konsumen pajak biaya kuartal ekspor impor pabrik karyawan usulan meresmikan
    diresmikan peresmian resmi mengonfirmasi dikonfirmasi memengaruhi mengurangi dikurangi membutuhkan dibutuhkan
    butuh menyetujui setidaknya terkait senantiasa justru universitas kualitas aktivitas komunitas fasilitas
    kapasitas identitas prioritas integritas realitas komoditas sekuritas mayoritas minoritas otoritas kreativitas
    produktivitas mentalitas kuantitas entitas personalitas laki-laki istri lansia siswa musala musholla sholat
    salat lebaran idulfitri kue daring unduh mengunduh diunduh unggah mengunggah diunggah unggahan cuitan akun surel
    ponsel medsos dimulai memulai imbuhnya tuturnya ucapnya lanjutnya nggak gak enggak ngga banget sih dong deh aja
    udah gimana kayak bikin ngomong ngobrol cewek cowok gue emang doang gitu gini lho mikir capek kalian sore
    rincian kiper semifinal kendaraan perempat meluncurkan diluncurkan mendeteksi desember agustus maret juni juli
    senin kamis jumat delapan coba mencoba dicoba percobaan pengemudi sopir supir stasiun angkutan beton longsor
    derajat sepakbola bulutangkis klasemen wasit stadion medali perunggu panitia instansi listrik pasokan utang
    mengungsi pengungsian terdampak memungkinkan khawatir kekhawatiran mengkhawatirkan kaget ketemu ekonom tilang
    pengendara aparat tkp kuhp mbak pemda pemkab pemkot pemprov dinas kemenkes ustadz bocah bisa kapan terus-terusan
    direktur mantan kebutuhan periode departemen deputi sekretaris sekjen gugatan televisi olimpiade lomba menit bbm
    arti artinya berarti berencana direncanakan merencanakan obligasi dki jabar jateng jatim ntt ntb sumut sumbar
    sulsel kemendagri mendagri menkes kemenag bpjs pln ihsg ojk bumn apbn apbd umkm pns satpol bnn basarnas wni wna
    smp sma polwan brimob densus bareskrim reskrim satreskrim kasat kanit iptu aipda bripka kompol akp dijadwalkan
    menjadwalkan jadwal kabar pemusik satwa kebijakan kinerja ilmuwan hewan rezim demokratis otomatis strategis
    teknis dinamis realistis sistematis ekonomis romantis drastis inggris jepang prancis spanyol kamboja nomor
    siklus baterai sakelar pidato redaktur dilansir melansir membeberkan mengimbau diimbau imbauan menuturkan maupun
    memperkirakan diperkirakan serikat tiongkok skotlandia belgia kecebong`],
  [-2, `riset dibagikan membagikan
    mengevakuasi mengawali diawali terpuruk piring penganiayaan vonis majelis erupsi timnas sosialisasi mengantisipasi berkoordinasi dievaluasi mengevaluasi realisasi kendala maksimal minimal masker swalayan minimarket bibi jilbab kerudung
    lisensi mengunjungi dikunjungi mengenyam biang alamiah berawal pasalnya pengolahan goa terperosok teritori 
    yakni pria dimana diamankan terduga advokat oposisi publik rupiah bus taksi perawat infeksi autopsi situs
    pengelolaan manajemen laga upaya libur pernyataan kondisi meski sesudah kalo pake yuk ayo nih tuh loh peneliti
    dini pemerintah sebesar transportasi dampak berdampak mengirim dikirim membatasi dibatasi poin komite penegakan
    disita sedikitnya sekira uu pengungsi kesepakatan dukungan pelayanan layanan korupsi rencana rencananya
    perkebunan areal seusai  pengembangan terpantau bps bpk asn pertamina tanggal lahan besaran menggelar
    digelar kunjungan praktik  surya legislatif putri  dikutip merinci bilang sosok keberadaan tamu
    perkiraan jajaran dollar italia maroko meksiko kolombia irak beres pemungutan mengoleksi sejauh`],
  [-1, `hama membagi
    seakan didirikan evaluasi mengembangkan dikembangkan om pencurian
    almarhum almarhumah pohon korban pelaku  pasal pemilih perusahaan pedagang investor kriminal alokasi
      mendesak menyarankan saran putaran mencetak tim lokal    diduga mengungkapkan
    signifikan pelatih produksi     lantaran  senilai penelitian  desa
    selanjutnya  polisi ungkap mengungkap  dibandingkan dibanding    personel
      belakangan  tiap   kandidat  efek   terjadinya
    nantinya pantauan jokowi ri   silam menyebutkan menyusul   penunjukan
    beragam bersumber detik perekonomian antar jelang penggemar berkunjung putra punah`],
  [-0.5, `memiliki berbagai ternyata mengatakan setuju berhasil sempat usai sedangkan hal mendatang tampak sukses target kegiatan dirinya  menemukan penyebab analis bapak motor
    sejumlah meneliti nasional sebelumnya peringatan deras mengingat terjadi harus mulai bahkan`],
  [-0.25, `tersebut saat setelah merasa agar meskipun terutama`],
];

/** Phrases (checked before their words; a word taken by a phrase counts no more). */
const PHRASE_MARKERS: ReadonlyArray<readonly [number, string]> = [
  [3, `orang ramai|sidang media|balai polis|ibu pejabat|pusat beli-belah|dalam talian|muat turun|muat naik|dimuat naik|telefon bimbit|sama ada|dalam pada itu|walau bagaimanapun|buat masa ini|pada masa sama|pada masa yang sama|dalam masa yang sama|luar negara|pilihan raya|lebuh raya|lapangan terbang|kapal terbang|pasar raya|warga emas|penjawat awam|anak guam|ikat jamin|diikat jamin|bedah siasat|oleh itu|tahun lepas|minggu lepas|bulan lepas|pagi tadi|malam tadi|petang tadi|tengah hari|penjaga gol|separuh akhir|suku akhir|tidak bersalah|dikenal pasti|mengenal pasti|sebelum ini|ketika ini|dalam satu kenyataan|tan sri|ibu bapa|sekolah rendah|bola sepak|ahli parlimen|menteri besar|ketua menteri|dewan rakyat|dewan negara|dewan undangan|kerajaan negeri|pihak berkuasa|barang kes|kanun keseksaan|ambil kira|mengambil kira|diambil kira|tanah runtuh|lampu isyarat|ahli ekonomi|pakar ekonomi|urus niaga|kemas kini|dikemas kini|seperti mana|sekali gus|laman web|bulan hadapan|tahun hadapan|minggu hadapan|akan datang|naib presiden|peti sejuk|bilik air|kadar faedah|minyak masak|pelitup muka|mak cik|pak cik|baju kurung|teh tarik|roti canai|bahan api|hujung minggu|surat khabar|amerika syarikat`],
  [-3, `rumah sakit|jalan tol|siaran pers|konferensi pers|jumpa pers|awak media|kuasa hukum|oleh karena itu|saat ini|kurang lebih|tadi pagi|tadi malam|tadi siang|tadi sore|luar negeri|pemadam kebakaran|penjaga gawang|pasar swalayan|wali kota|walikota|sepeda motor|sekolah dasar|kepala sekolah|tanah longsor|sepak bola|bulu tangkis|dalam rangka|yang bersangkutan|barang bukti|wakil presiden|memberi tahu|dini hari|warga negara|di antaranya|pekan lalu|pekan depan|akhir pekan|surat kabar|amerika serikat|pemungutan suara|reksa dana|juta jiwa|catatan waktu|sejauh ini|lepas landas|bandar udara|bahan bakar|awak kapal|awak pesawat|suku bunga|minyak goreng|kamar mandi|ujian nasional|pemerintah daerah|isolasi mandiri|banjir rob|ganda putra|ganda putri|tunggal putra|tunggal putri|tahun silam|terlepas dari|pegawai negeri|bahan pokok|pasar tradisional`],
  [-2, `kata dia|ujar dia|ucap dia`],
  [-0.5, `hal ini|hal tersebut`],
];

/**
 * Single-word markers of the news each press writes, added for single sentences (one sentence seldom
 * carries the spellings above): spellings that differ (kewangan/keuangan, rosak/rusak, sedar/sadar,
 * jambatan/jembatan, kelab/klub, rekod/rekor, kanser/kanker, Eropah/Eropa, Lubnan/Libanon…), the police,
 * courts, hospitals, ministries, sport and show business of each side, and the verbs of saying after a
 * quote. Each checked against the other press's usage:
 * words both write (warga, pihaknya, namun, hingga, sejumlah, sebanyak, pukul, mengaku, membenarkan…)
 * are no markers, and words that mean something else across the strait count little or nothing
 * (menewaskan and tewas: killed in Indonesian news, beat and lost in Malaysian sport; memetik: to quote
 * in Malaysia, to win in Indonesian sport).
 */
const NEWS_WORD_MARKERS: ReadonlyArray<readonly [number, string]> = [
  [3, `difahamkan dikejarkan merempuh dirempuh terbabas jerebu pelakon konsert kontinjen superintendan bertungkus-lumus
    kewangan rosak kerosakan merosakkan jambatan biasiswa kelab eropah palestin lubnan insurans runcit kuarantin denggi
    banduan samun menyamun disamun ragut meragut diragut peragut rogol merogol dirogol syabu sebat berkongsi dikongsi
    dikongsikan perkongsian mesej pautan rakaman pelumba suruhanjaya berkahwin perkahwinan pangsapuri kesesakan markah
    sedar kesedaran menyedari disedari pasport resit jentera cawangan caruman kwsp perkeso lhdn jbpm jakim spr tnb ptptn
    dbkl rekod fasa penghidap kanser fakulti
    dieksport mengeksport diimport mengimport`],
  [2, `hospital inspektor aduan penjaring lazat gerai kaedah premis atmosfera pelawak petrol`],
  [1, `memetik pasaran hantaran pentas`],
  [0.5, `ahad berkata kawasan`],
  [-3, `residivis kontrakan rsud rsup visum reguler konser laboratorium terpeleset humas polresta kapolresta satlantas
    mapolda kapolrestabes terpidana narapidana napi lapas rutan pemotor pesepeda angkot ojek ojol
    mengguyur diguyur bermagnitudo magnitudo eceran pengecer bansos fraksi paripurna dinkes bpom dbd ispa honorer
    perundungan pesantren ponpes santri imlek mui pbnu kiai kyai natal aktris pedangdut sinetron bioskop sutradara
    pemeran warganet pebulu pebalap petenis pesepak pegolf pbsi sepekan kemacetan digelandang dijebloskan
    penggerebekan menggerebek digerebek sabu sabu-sabu miras oknum pungli gratifikasi berjibaku dipahami
    menindaklanjuti memprakirakan diprakirakan jabodetabek mendikbud mendikbudristek kemendikbud kemendikbudristek
    kemenkeu menkeu kemenkumham menko polhukam kemensos mensos kemenhub menhub kementan mentan kemenpora menpora
    menag kemenlu menlu kemenparekraf menparekraf kemenhan menhan kominfo kemenkominfo menkominfo kemendag mendag
    pupr wapres wagub wabup sekda kodim koramil kodam babinsa penjabat perppu perpres paslon
    keuangan rusak kerusakan merusak dirusak jembatan beasiswa klub eropa palestina libanon suriah yordania ukraina
    polandia swedia norwegia hongaria ceko rumania kroasia finlandia irlandia selandia kejurnas pergelaran
    mancanegara ipda aiptu bripda briptu brigpol komjen letkol mayjen letjen laksda marsda serda sertu serka serma
    pelda peltu letda lettu emiten perserikatan dephub depdiknas depkes deplu depkeu depdagri depag depsos deptan
    dephan depkumham antariksa pembalap kontingen satgas duluan kado smu asuransi rekening karantina jambret
    menjambret dijambret penjambretan perkosa memperkosa diperkosa pemerkosaan tautan rekaman posko maskapai komisi
    konferensi tetangga menikah dinikahi lapak ruko apartemen kursi bulog perkawinan terinfeksi sadar kesadaran
    menyadari disadari paspor kuitansi bei komnas mpr kuhap kejagung kejati kejari ktp stnk satpam rusun mengantongi
    menggandeng digandeng menyambangi menyikapi mencuat ditengarai disinyalir
    rekor kedokteran fase ketimbang petinju pelatnas koni kanker gizi fakultas omzet elpiji bensin pulsa kasasi
    praperadilan kader ormas lsm karhutla mudik pemudik halalbihalal takbiran umroh klenteng selebritas krl
    rekornas politisi politikus diekspor mengekspor diimpor mengimpor dibikin`],
  [-2, `kendati sebutnya pengadilan dievakuasi grup menyedot perawatan sumur antisipasi menabrak ditabrak
    tertabrak macet imbang stunting balita diundur luka-luka tutur brasil afganistan kuba menyurati doktoral energi
    didukung pendukung koran rekan kawin lezat bea kaidah subyek obyek ham dpd klaim mengklaim diklaim
    menyoroti mengecek dicek dijerat militer atmosfer budidaya divisi kompetisi persalinan laba
    putusan banding legislator koalisi relawan vihara produser komedian pemutaran
    mengidentifikasi diidentifikasi mengontrol penghujan menepis`],
  [-1, `dangdut bertahap kecepatan ditunda seputar rektor aktor penampilan berprestasi potensial penanganan massa mal
    informasi gedung pernikahan cabang dibangun dikenal terlihat sisanya kontrol`],
  [-0.5, `menewaskan tewas diterapkan berupa`],
  // Words the other press turned out to use in real news, weighed down: Indonesian writes tiada, lelaki,
  // doktor (a PhD), keperluan and dianggarkan (budgeted); Malaysian news ujarnya, mengutip, mendukung.
  [2, `tiada lelaki berdekatan`],
  [1, `demokratik doktor keperluan dianggarkan`],
  [0.5, `negeri pakar ahli beregu maksimum`],
  [-0.5, `penghargaan pengusaha ditemukan menyajikan keamanan`],
  [-1, `ujar ujarnya mengutip mendukung sd undangan`],
];

/** Phrases of the news of each press (as NEWS_WORD_MARKERS): "ia mengatakan" is a person in Indonesian news, a thing in Malaysian. */
const NEWS_PHRASE_MARKERS: ReadonlyArray<readonly [number, string]> = [
  [3, `asisten komisioner|banjir kilat|drama bersiri|pasaran saham|pegawai penyiasat|separuh masa|mangsa banjir|kenyataan media|dilaporkan berkata|dipetik berkata|rumah kedai|bukit aman|tunjuk perasaan|badan bukan kerajaan`],
  [2, `ribut petir|pengguna jalan raya|tewas kepada|tambahan pula|kencing manis`],
  [1, `ketika dihubungi|lebih kurang`],
  [-3, `anak asuh|anak asuhnya|korban jiwa|kementerian agama|satuan pendidikan|demam berdarah|ibu rumah tangga|idul fitri|idul adha|iduladha|sidang isbat|operasi tangkap tangan|mahkamah konstitusi|bermain imbang|pekan ini|kepala daerah|istana kepresidenan|rawat inap|tempat kejadian perkara|tindak lanjut|sma negeri|smp negeri|smu negeri|sd negeri|pengadilan negeri|kejaksaan negeri|universitas negeri|sumber daya|perguruan tinggi|satuan tugas|rumah makan|pencetak gol|rapat kerja|rapat terbatas|rapat koordinasi|massa aksi|unjuk rasa|banjir bandang|layar lebar|rekayasa lalu lintas|ganjil genap|tenaga medis|tenaga kesehatan`],
  [-2, `mahkamah agung|berita bohong|di sisi lain|tak hanya itu|tidak hanya itu|menurut dia|saat ditemui|saat dihubungi|warga setempat|warga sekitar|luka berat|luka ringan|jelas dia|tambah dia|lanjut dia|tegas dia|sebut dia|tutur dia|korban banjir|ditemukan tewas|anggota dewan|kabut asap|arus balik|kerja sama`],
  [-1.5, `kala itu|ia mengatakan|ia menambahkan|ia menjelaskan|ia menyebut|ia menyebutkan|ia menegaskan|ia mengaku|ia berharap|ia menuturkan|ia mengungkapkan|kalah dari`],
  [-1, `dia mengatakan|dia menambahkan|dia menjelaskan|tak hanya|tidak hanya|babak pertama|babak kedua`],
  [-0.5, `kepada wartawan`],
  [0, `tutur kata|media massa`],
];

/**
 * Markers of Malaysian Malay (positive weight) and Indonesian (negative), single words or phrases of two
 * or three words. Weight 3: a spelling or word the other press does not use; 2: rare there; 1: leaning.
 */
export const MARKERS: ReadonlyMap<string, number> = (() => {
  const markers = new Map<string, number>();
  for (const [weight, words] of [...WORD_MARKERS, ...NEWS_WORD_MARKERS]) for (const w of words.split(/\s+/).filter(Boolean)) markers.set(w, weight);
  for (const [weight, list] of [...PHRASE_MARKERS, ...NEWS_PHRASE_MARKERS]) for (const p of list.split('|')) markers.set(p, weight);
  // Phrases whose words are no markers: they stop a word from counting ("kereta api" is a train on both sides).
  for (const neutral of ['kereta api', 'orang tua', 'jalan raya', 'hari ini', 'di sini']) if (!markers.has(neutral)) markers.set(neutral, 0);
  return markers;
})();

/** The first word of each phrase in MARKERS, with the most words a phrase starting with it has. */
export const PHRASE_STARTS: ReadonlyMap<string, number> = (() => {
  const starts = new Map<string, number>();
  for (const key of MARKERS.keys()) {
    const words = key.split(' ');
    if (words.length > 1) starts.set(words[0]!, Math.max(starts.get(words[0]!) ?? 0, words.length));
  }
  return starts;
})();
