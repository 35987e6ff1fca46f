// The demo site: what `npm start` shows on a fresh machine.

export const SEED_BANKS = [
  { code: 'KBANK', nameTH: 'ธนาคารกสิกรไทย', nameEN: 'Kasikornbank', country: 'TH', sortOrder: 1 },
  { code: 'KTB', nameTH: 'ธนาคารกรุงไทย', nameEN: 'Krungthai Bank', country: 'TH', sortOrder: 2 },
  { code: 'SCB', nameTH: 'ธนาคารไทยพาณิชย์', nameEN: 'Siam Commercial Bank', country: 'TH', sortOrder: 3 },
  { code: 'BBL', nameTH: 'ธนาคารกรุงเทพ', nameEN: 'Bangkok Bank', country: 'TH', sortOrder: 4 },
  { code: 'TMB', nameTH: 'ธนาคารทหารไทยธนชาต', nameEN: 'TMBThanachart Bank', country: 'TH', sortOrder: 5 },
  { code: 'BAY', nameTH: 'ธนาคารกรุงศรีอยุธยา', nameEN: 'Bank of Ayudhya (Krungsri)', country: 'TH', sortOrder: 6 },
  { code: 'GSB', nameTH: 'ธนาคารออมสิน', nameEN: 'Government Savings Bank', country: 'TH', sortOrder: 7 },
  { code: 'BAAC', nameTH: 'ธนาคารเพื่อการเกษตรและสหกรณ์การเกษตร', nameEN: 'BAAC', country: 'TH', sortOrder: 8 },
  { code: 'KKP', nameTH: 'ธนาคารเกียรตินาคินภัทร', nameEN: 'Kiatnakin Phatra Bank', country: 'TH', sortOrder: 9 },
  { code: 'CIMBT', nameTH: 'ธนาคารซีไอเอ็มบี ไทย', nameEN: 'CIMB Thai Bank', country: 'TH', sortOrder: 10 },
  { code: 'UOB', nameTH: 'ธนาคารยูโอบี', nameEN: 'United Overseas Bank (Thai)', country: 'TH', sortOrder: 11 },
  { code: 'GHB', nameTH: 'ธนาคารอาคารสงเคราะห์', nameEN: 'Government Housing Bank', country: 'TH', sortOrder: 12 },
  {
    code: 'BCEL',
    nameTH: 'ธนาคารการค้าต่างประเทศลาว',
    nameEN: 'Banque pour le Commerce Exterieur Lao',
    country: 'LA',
    sortOrder: 1,
  },
  { code: 'LDB', nameTH: 'ธนาคารพัฒนาลาว', nameEN: 'Lao Development Bank', country: 'LA', sortOrder: 2 },
  { code: 'JDB', nameTH: 'ธนาคารร่วมพัฒนา', nameEN: 'Joint Development Bank', country: 'LA', sortOrder: 3 },
] as const;

/** Brand names read the same in every language; the others have a text per language. */
export const SEED_SOURCES = [
  { code: 'FB', description: 'Facebook', sortOrder: 1 },
  { code: 'LINE', description: 'LINE', sortOrder: 2 },
  { code: 'GOOGLE', description: 'Google', sortOrder: 3 },
  { code: 'TIKTOK', description: 'TikTok', sortOrder: 4 },
  { code: 'FRIEND', description: { th: 'เพื่อนแนะนำ', la: 'ໝູ່ແນະນຳ', en: 'A friend' }, sortOrder: 5 },
  { code: 'OTHER', description: { th: 'อื่น ๆ', la: 'ອື່ນໆ', en: 'Other' }, sortOrder: 6 },
];

export const SEED_CONTACT = {
  contactText: 'ติดต่อทีมงาน Krapao ได้ตลอด 24 ชั่วโมง ผ่าน LINE หรือแชทสดบนหน้าเว็บ',
  lineLink: 'https://line.me/R/ti/p/@krapao',
  lineName: '@krapao',
};

export const SEED_CONDITIONS = [
  '<h3>เงื่อนไขการใช้งาน</h3><p>สมาชิกต้องมีอายุ 18 ปีขึ้นไป และใช้บัญชีธนาคารที่เป็นชื่อของตนเองเท่านั้น</p>',
  '<p>ถอนเงินได้เข้าบัญชีธนาคารที่ลงทะเบียนไว้เท่านั้น ระหว่างที่มีโบนัสค้างอยู่จะไม่สามารถถอนเงินหรือรับคืนยอดเสียได้</p>',
  '<p>ต้องจบโบนัสก่อนฝากเงินครั้งถัดไป หากพบการทุจริต ทีมงานขอสงวนสิทธิ์ระงับบัญชี</p>',
];

export const SEED_AGREEMENTS = [
  '<h3>ข้อตกลงสมาชิก</h3><p>ข้าพเจ้ายืนยันว่าข้อมูลที่ให้ไว้เป็นความจริง และยอมรับเงื่อนไขการใช้งานของเว็บไซต์</p>',
  '<p>ข้าพเจ้ารับทราบว่าการฝากเงินต้องใช้บัญชีที่ลงทะเบียนไว้ และสลิปต้องอัปโหลดภายใน 1 ชั่วโมงหลังโอน</p>',
];

export const SEED_NOTICE = '<p>เมื่อรับโบนัสแล้ว หากยอดเงินรวมลดลงต่ำกว่า {percentFail}% ของเครดิตเริ่มต้น เงื่อนไขโบนัสจะสิ้นสุดลง</p>';

export const DEMO_MEMBER = {
  username: '0800000001',
  password: 'krapao123',
  name: 'สมชาย ใจดี',
  bankAccountName: 'SOMCHAI JAIDEE',
  bankAccountNo: '1234567890',
};
