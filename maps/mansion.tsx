<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.10.2" name="mansion" tilewidth="32" tileheight="32" tilecount="96" columns="16">
 <image source="mansion_tiles.png" width="512" height="192"/>
 <tile id="0">
  <properties>
   <property name="kind" value="corridor"/>
  </properties>
 </tile>
 <tile id="1">
  <properties>
   <property name="kind" value="wall"/>
  </properties>
 </tile>
 <tile id="2">
  <properties>
   <property name="kind" value="envelope"/>
  </properties>
 </tile>
 <tile id="3">
  <properties>
   <property name="kind" value="envelope"/>
  </properties>
 </tile>
 <tile id="4">
  <properties>
   <property name="kind" value="start"/>
   <property name="suspect" value="Miss Scarlet"/>
  </properties>
 </tile>
 <tile id="5">
  <properties>
   <property name="kind" value="start"/>
   <property name="suspect" value="Colonel Mustard"/>
  </properties>
 </tile>
 <tile id="6">
  <properties>
   <property name="kind" value="start"/>
   <property name="suspect" value="Mrs. White"/>
  </properties>
 </tile>
 <tile id="7">
  <properties>
   <property name="kind" value="start"/>
   <property name="suspect" value="Mr. Green"/>
  </properties>
 </tile>
 <tile id="8">
  <properties>
   <property name="kind" value="start"/>
   <property name="suspect" value="Mrs. Peacock"/>
  </properties>
 </tile>
 <tile id="9">
  <properties>
   <property name="kind" value="start"/>
   <property name="suspect" value="Professor Plum"/>
  </properties>
 </tile>
 <tile id="10">
  <properties>
   <property name="kind" value="passage"/>
   <property name="corner" value="NW"/>
  </properties>
 </tile>
 <tile id="11">
  <properties>
   <property name="kind" value="passage"/>
   <property name="corner" value="NE"/>
  </properties>
 </tile>
 <tile id="12">
  <properties>
   <property name="kind" value="passage"/>
   <property name="corner" value="SE"/>
  </properties>
 </tile>
 <tile id="13">
  <properties>
   <property name="kind" value="passage"/>
   <property name="corner" value="SW"/>
  </properties>
 </tile>
 <tile id="14">
  <properties>
   <property name="kind" value="unused"/>
  </properties>
 </tile>
 <tile id="15">
  <properties>
   <property name="kind" value="unused"/>
  </properties>
 </tile>
 <tile id="16">
  <properties>
   <property name="kind" value="room"/>
  </properties>
 </tile>
 <tile id="17">
  <properties>
   <property name="kind" value="room"/>
  </properties>
 </tile>
 <tile id="18">
  <properties>
   <property name="kind" value="room"/>
  </properties>
 </tile>
 <tile id="19">
  <properties>
   <property name="kind" value="room"/>
  </properties>
 </tile>
 <tile id="20">
  <properties>
   <property name="kind" value="room"/>
  </properties>
 </tile>
 <tile id="21">
  <properties>
   <property name="kind" value="room"/>
  </properties>
 </tile>
 <tile id="22">
  <properties>
   <property name="kind" value="room"/>
  </properties>
 </tile>
 <tile id="23">
  <properties>
   <property name="kind" value="room"/>
  </properties>
 </tile>
 <tile id="24">
  <properties>
   <property name="kind" value="room"/>
  </properties>
 </tile>
 <tile id="25">
  <properties>
   <property name="kind" value="room"/>
  </properties>
 </tile>
 <tile id="26">
  <properties>
   <property name="kind" value="room"/>
  </properties>
 </tile>
 <tile id="27">
  <properties>
   <property name="kind" value="room"/>
  </properties>
 </tile>
 <tile id="28">
  <properties>
   <property name="kind" value="room"/>
  </properties>
 </tile>
 <tile id="29">
  <properties>
   <property name="kind" value="room"/>
  </properties>
 </tile>
 <tile id="30">
  <properties>
   <property name="kind" value="room"/>
  </properties>
 </tile>
 <tile id="31">
  <properties>
   <property name="kind" value="room"/>
  </properties>
 </tile>
 <tile id="32">
  <properties>
   <property name="kind" value="door"/>
   <property name="facing" value="north"/>
  </properties>
 </tile>
 <tile id="33">
  <properties>
   <property name="kind" value="door"/>
   <property name="facing" value="north"/>
  </properties>
 </tile>
 <tile id="34">
  <properties>
   <property name="kind" value="door"/>
   <property name="facing" value="north"/>
  </properties>
 </tile>
 <tile id="35">
  <properties>
   <property name="kind" value="door"/>
   <property name="facing" value="north"/>
  </properties>
 </tile>
 <tile id="36">
  <properties>
   <property name="kind" value="door"/>
   <property name="facing" value="north"/>
  </properties>
 </tile>
 <tile id="37">
  <properties>
   <property name="kind" value="door"/>
   <property name="facing" value="north"/>
  </properties>
 </tile>
 <tile id="38">
  <properties>
   <property name="kind" value="door"/>
   <property name="facing" value="north"/>
  </properties>
 </tile>
 <tile id="39">
  <properties>
   <property name="kind" value="door"/>
   <property name="facing" value="north"/>
  </properties>
 </tile>
 <tile id="40">
  <properties>
   <property name="kind" value="door"/>
   <property name="facing" value="north"/>
  </properties>
 </tile>
 <tile id="41">
  <properties>
   <property name="kind" value="door"/>
   <property name="facing" value="north"/>
  </properties>
 </tile>
 <tile id="42">
  <properties>
   <property name="kind" value="door"/>
   <property name="facing" value="north"/>
  </properties>
 </tile>
 <tile id="43">
  <properties>
   <property name="kind" value="door"/>
   <property name="facing" value="north"/>
  </properties>
 </tile>
 <tile id="44">
  <properties>
   <property name="kind" value="door"/>
   <property name="facing" value="north"/>
  </properties>
 </tile>
 <tile id="45">
  <properties>
   <property name="kind" value="door"/>
   <property name="facing" value="north"/>
  </properties>
 </tile>
 <tile id="46">
  <properties>
   <property name="kind" value="door"/>
   <property name="facing" value="north"/>
  </properties>
 </tile>
 <tile id="47">
  <properties>
   <property name="kind" value="door"/>
   <property name="facing" value="north"/>
  </properties>
 </tile>
 <tile id="48">
  <properties>
   <property name="kind" value="door"/>
   <property name="facing" value="east"/>
  </properties>
 </tile>
 <tile id="49">
  <properties>
   <property name="kind" value="door"/>
   <property name="facing" value="east"/>
  </properties>
 </tile>
 <tile id="50">
  <properties>
   <property name="kind" value="door"/>
   <property name="facing" value="east"/>
  </properties>
 </tile>
 <tile id="51">
  <properties>
   <property name="kind" value="door"/>
   <property name="facing" value="east"/>
  </properties>
 </tile>
 <tile id="52">
  <properties>
   <property name="kind" value="door"/>
   <property name="facing" value="east"/>
  </properties>
 </tile>
 <tile id="53">
  <properties>
   <property name="kind" value="door"/>
   <property name="facing" value="east"/>
  </properties>
 </tile>
 <tile id="54">
  <properties>
   <property name="kind" value="door"/>
   <property name="facing" value="east"/>
  </properties>
 </tile>
 <tile id="55">
  <properties>
   <property name="kind" value="door"/>
   <property name="facing" value="east"/>
  </properties>
 </tile>
 <tile id="56">
  <properties>
   <property name="kind" value="door"/>
   <property name="facing" value="east"/>
  </properties>
 </tile>
 <tile id="57">
  <properties>
   <property name="kind" value="door"/>
   <property name="facing" value="east"/>
  </properties>
 </tile>
 <tile id="58">
  <properties>
   <property name="kind" value="door"/>
   <property name="facing" value="east"/>
  </properties>
 </tile>
 <tile id="59">
  <properties>
   <property name="kind" value="door"/>
   <property name="facing" value="east"/>
  </properties>
 </tile>
 <tile id="60">
  <properties>
   <property name="kind" value="door"/>
   <property name="facing" value="east"/>
  </properties>
 </tile>
 <tile id="61">
  <properties>
   <property name="kind" value="door"/>
   <property name="facing" value="east"/>
  </properties>
 </tile>
 <tile id="62">
  <properties>
   <property name="kind" value="door"/>
   <property name="facing" value="east"/>
  </properties>
 </tile>
 <tile id="63">
  <properties>
   <property name="kind" value="door"/>
   <property name="facing" value="east"/>
  </properties>
 </tile>
 <tile id="64">
  <properties>
   <property name="kind" value="door"/>
   <property name="facing" value="south"/>
  </properties>
 </tile>
 <tile id="65">
  <properties>
   <property name="kind" value="door"/>
   <property name="facing" value="south"/>
  </properties>
 </tile>
 <tile id="66">
  <properties>
   <property name="kind" value="door"/>
   <property name="facing" value="south"/>
  </properties>
 </tile>
 <tile id="67">
  <properties>
   <property name="kind" value="door"/>
   <property name="facing" value="south"/>
  </properties>
 </tile>
 <tile id="68">
  <properties>
   <property name="kind" value="door"/>
   <property name="facing" value="south"/>
  </properties>
 </tile>
 <tile id="69">
  <properties>
   <property name="kind" value="door"/>
   <property name="facing" value="south"/>
  </properties>
 </tile>
 <tile id="70">
  <properties>
   <property name="kind" value="door"/>
   <property name="facing" value="south"/>
  </properties>
 </tile>
 <tile id="71">
  <properties>
   <property name="kind" value="door"/>
   <property name="facing" value="south"/>
  </properties>
 </tile>
 <tile id="72">
  <properties>
   <property name="kind" value="door"/>
   <property name="facing" value="south"/>
  </properties>
 </tile>
 <tile id="73">
  <properties>
   <property name="kind" value="door"/>
   <property name="facing" value="south"/>
  </properties>
 </tile>
 <tile id="74">
  <properties>
   <property name="kind" value="door"/>
   <property name="facing" value="south"/>
  </properties>
 </tile>
 <tile id="75">
  <properties>
   <property name="kind" value="door"/>
   <property name="facing" value="south"/>
  </properties>
 </tile>
 <tile id="76">
  <properties>
   <property name="kind" value="door"/>
   <property name="facing" value="south"/>
  </properties>
 </tile>
 <tile id="77">
  <properties>
   <property name="kind" value="door"/>
   <property name="facing" value="south"/>
  </properties>
 </tile>
 <tile id="78">
  <properties>
   <property name="kind" value="door"/>
   <property name="facing" value="south"/>
  </properties>
 </tile>
 <tile id="79">
  <properties>
   <property name="kind" value="door"/>
   <property name="facing" value="south"/>
  </properties>
 </tile>
 <tile id="80">
  <properties>
   <property name="kind" value="door"/>
   <property name="facing" value="west"/>
  </properties>
 </tile>
 <tile id="81">
  <properties>
   <property name="kind" value="door"/>
   <property name="facing" value="west"/>
  </properties>
 </tile>
 <tile id="82">
  <properties>
   <property name="kind" value="door"/>
   <property name="facing" value="west"/>
  </properties>
 </tile>
 <tile id="83">
  <properties>
   <property name="kind" value="door"/>
   <property name="facing" value="west"/>
  </properties>
 </tile>
 <tile id="84">
  <properties>
   <property name="kind" value="door"/>
   <property name="facing" value="west"/>
  </properties>
 </tile>
 <tile id="85">
  <properties>
   <property name="kind" value="door"/>
   <property name="facing" value="west"/>
  </properties>
 </tile>
 <tile id="86">
  <properties>
   <property name="kind" value="door"/>
   <property name="facing" value="west"/>
  </properties>
 </tile>
 <tile id="87">
  <properties>
   <property name="kind" value="door"/>
   <property name="facing" value="west"/>
  </properties>
 </tile>
 <tile id="88">
  <properties>
   <property name="kind" value="door"/>
   <property name="facing" value="west"/>
  </properties>
 </tile>
 <tile id="89">
  <properties>
   <property name="kind" value="door"/>
   <property name="facing" value="west"/>
  </properties>
 </tile>
 <tile id="90">
  <properties>
   <property name="kind" value="door"/>
   <property name="facing" value="west"/>
  </properties>
 </tile>
 <tile id="91">
  <properties>
   <property name="kind" value="door"/>
   <property name="facing" value="west"/>
  </properties>
 </tile>
 <tile id="92">
  <properties>
   <property name="kind" value="door"/>
   <property name="facing" value="west"/>
  </properties>
 </tile>
 <tile id="93">
  <properties>
   <property name="kind" value="door"/>
   <property name="facing" value="west"/>
  </properties>
 </tile>
 <tile id="94">
  <properties>
   <property name="kind" value="door"/>
   <property name="facing" value="west"/>
  </properties>
 </tile>
 <tile id="95">
  <properties>
   <property name="kind" value="door"/>
   <property name="facing" value="west"/>
  </properties>
 </tile>
</tileset>
