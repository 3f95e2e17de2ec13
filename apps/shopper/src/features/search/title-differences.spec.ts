import { MAX_DIFFERENCE_WORDS, titleDifferences } from './title-differences';

describe('the words that tell products of a grid apart where their clamped titles may not', () => {
  it('are the colour of one model in its colours, whatever the spelling of the rest', () => {
    const titles = [
      'Sony WH-1000XM5 Wireless Noise Canceling Over-Ear Headphones (Silver)',
      'Sony WH-1000XM5 Wireless Noise Cancelling Over-Ear Headphones (Smoky Pink)',
      'Sony WH-1000XM5 Wireless Noise Cancelling Over-Ear Headphones (Midnight Blue)',
      'Sony WH-1000XM5 Wireless Noise Canceling Over-Ear Headphones (Black)',
    ];
    expect(titleDifferences(titles)).toEqual(['Silver', 'Smoky Pink', 'Midnight Blue', 'Black']);
  });

  it('are the words few titles hold, past what two lines show', () => {
    const titles = [
      'Apple Watch Series 9 GPS 41mm Aluminum Case with Sport Band (Midnight)',
      'Apple Watch Series 9 GPS 41mm Aluminum Case with Sport Band (Pink)',
      'Apple Watch Series 9 GPS 45mm Aluminum Case with Sport Loop (Midnight)',
      'Apple Watch SE GPS 40mm Aluminum Case with Sport Band (Starlight)',
      'Apple Watch Series 10 GPS 46mm (Jet Black)',
    ];
    expect(titleDifferences(titles)).toEqual(['Midnight', 'Pink', 'Loop Midnight', 'Starlight', 'Jet Black']);
  });

  it('say a colour whole where the two lines cut it', () => {
    expect(titleDifferences(['Apple HomePod mini Smart Speaker (Space Gray)', 'Apple HomePod mini Smart Speaker (Blue)', 'Apple HomePod mini Smart Speaker (Yellow)'])).toEqual(['Space Gray', 'Blue', 'Yellow']);
    expect(titleDifferences(['ASUS TUF Gaming A15 Laptop (16GB RAM, 512GB SSD, Mecha Gray)', 'ASUS TUF Gaming A15 Laptop (16GB RAM, 512GB SSD, Graphite Black)', 'ASUS TUF Gaming A15 Laptop (16GB RAM, 1TB SSD, Jaeger Gray)'])).toEqual(['Mecha Gray', 'Graphite Black', '1TB SSD Jaeger Gray']);
  });

  it('say a word that only qualifies the one before it with that word ("Body Only")', () => {
    const titles = ['Sony Alpha 7 IV ILCE-7M4 Body Only Full-Frame Mirrorless Camera', 'Sony Alpha 7 IV ILCE-7M4K with FE 28-70mm Lens Full-Frame Mirrorless Camera'];
    expect(titleDifferences(titles)).toEqual(['Body Only', 'FE 28-70mm Lens']);
  });

  it('write a size in inches with its mark, not as a bare number', () => {
    const titles = ['Dell UltraSharp U3225QE 4K Thunderbolt Hub Monitor (32")', 'Dell UltraSharp U2723QE 4K USB-C Hub Monitor (27")', 'LG UltraGear 27GR95QE-B OLED Gaming Monitor (27”)'];
    expect(titleDifferences(titles)).toEqual(['32"', '', '']);
    expect(titleDifferences(['LG 34WP65C-B UltraWide QHD Curved Monitor Eye Care (34")', 'LG UltraGear 27GP850-B QHD Nano IPS Gaming Monitor (27")'])).toEqual(['Eye Care 34"', 'IPS Gaming 27"']);
  });

  it('say nothing of a title two lines show whole', () => {
    expect(titleDifferences(['Garmin Venu 3 GPS Smartwatch (Silver)', 'Apple iPad A16 Wi-Fi (11", 128GB, Silver)'])).toEqual(['', '']);
  });

  it('are at most a few words, in the order of the title, each once', () => {
    const [first] = titleDifferences([
      'Apple Watch Ultra 2 GPS + Cellular 49mm Natural Titanium Case with Blue Alpine Loop Loop Medium',
      'Apple Watch Ultra 2 GPS + Cellular 49mm Black Titanium Case with Black Trail Loop',
    ]);
    expect(first).toBe('Natural Blue Alpine Medium');
    expect(titleDifferences(['1234567890 1234567890 1234567890 1234567 a1 b2 c3 d4 e5 f6 g7', '1234567890 1234567890 1234567890 1234567'])[0]?.split(' ')).toHaveLength(MAX_DIFFERENCE_WORDS);
  });

  it('are none for a title alone, nor for titles that hold the same words', () => {
    expect(titleDifferences(['Nintendo Switch OLED Model Console with Neon Red and Blue Joy-Con'])).toEqual(['']);
    expect(titleDifferences(['Nintendo Switch OLED Model Console with Joy-Con (White)', 'Nintendo Switch OLED Model Console with Joy-Con (White)'])).toEqual(['', '']);
  });
});
